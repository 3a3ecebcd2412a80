-- Proof of each booked medium (decision 108): a hash chain per project replaces the project-wide
-- execution photos. Orchard had not launched: the photos table held demo and test rows only, and
-- the demo now posts proofs; a deployment with real photos would have its operators post proofs.
CREATE TABLE "project_proofs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_proofs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"media_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text,
	"sha256" text,
	"captured_at" timestamp with time zone,
	"captured_at_source" text,
	"latitude" double precision,
	"longitude" double precision,
	"distance_meters" integer,
	"far_from_medium" boolean DEFAULT false NOT NULL,
	"operator_id" uuid,
	"posted_at" timestamp with time zone NOT NULL,
	"withdraws_proof_id" bigint,
	"reason" text,
	"previous_hash" text,
	"record_hash" text NOT NULL,
	CONSTRAINT "project_proofs_kind_check" CHECK ("project_proofs"."kind" in ('photo', 'video')),
	CONSTRAINT "project_proofs_sequence_check" CHECK ("project_proofs"."sequence" >= 1),
	CONSTRAINT "project_proofs_source_check" CHECK ("project_proofs"."captured_at_source" is null or "project_proofs"."captured_at_source" in ('exif', 'operator')),
	CONSTRAINT "project_proofs_shape_check" CHECK (("project_proofs"."withdraws_proof_id" is null and "project_proofs"."path" is not null and "project_proofs"."sha256" is not null and "project_proofs"."captured_at" is not null and "project_proofs"."reason" is null)
        or ("project_proofs"."withdraws_proof_id" is not null and "project_proofs"."path" is null and "project_proofs"."sha256" is null and "project_proofs"."reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "project_photos" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "project_photos" CASCADE;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "proof_overdue_noticed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_proofs" ADD CONSTRAINT "project_proofs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_proofs" ADD CONSTRAINT "project_proofs_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_proofs" ADD CONSTRAINT "project_proofs_withdraws_proof_id_project_proofs_id_fk" FOREIGN KEY ("withdraws_proof_id") REFERENCES "public"."project_proofs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_proofs_sequence_unique" ON "project_proofs" USING btree ("project_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "project_proofs_withdraws_unique" ON "project_proofs" USING btree ("withdraws_proof_id");--> statement-breakpoint
CREATE INDEX "project_proofs_path_idx" ON "project_proofs" USING btree ("path");--> statement-breakpoint
CREATE INDEX "projects_proof_overdue_idx" ON "projects" USING btree ("ad_start_date") WHERE "projects"."status" = 'running' and "projects"."proof_overdue_noticed_at" is null;