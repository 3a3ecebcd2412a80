ALTER TABLE "projects" ADD COLUMN "kind" text DEFAULT 'project' NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_public_idx" ON "projects" USING btree ("id") WHERE "projects"."created_at" is not null;--> statement-breakpoint
CREATE INDEX "projects_public_status_idx" ON "projects" USING btree ("status","id") WHERE "projects"."created_at" is not null;--> statement-breakpoint
CREATE INDEX "projects_public_artist_idx" ON "projects" USING btree ("artist_id","id") WHERE "projects"."created_at" is not null;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_kind_check" CHECK ("projects"."kind" in ('project', 'event'));