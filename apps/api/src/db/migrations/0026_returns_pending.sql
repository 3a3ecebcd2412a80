-- Decision 066: a failed or cancelled project's returns run in chunks after its status change; the
-- flag marks those not finished. Existing rows take false: their returns ran with their status change.
ALTER TABLE "projects" ADD COLUMN "returns_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_returns_pending_idx" ON "projects" USING btree ("id") WHERE "projects"."returns_pending";