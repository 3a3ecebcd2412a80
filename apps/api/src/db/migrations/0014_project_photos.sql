CREATE TABLE "project_photos" (
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_photos_position_check" CHECK ("project_photos"."position" between 0 and 9)
);
--> statement-breakpoint
ALTER TABLE "project_photos" ADD CONSTRAINT "project_photos_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "project_photos_position_unique" ON "project_photos" USING btree ("project_id","position");