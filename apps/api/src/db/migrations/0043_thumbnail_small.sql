ALTER TABLE "projects" ADD COLUMN "thumbnail_small_path" text;--> statement-breakpoint
CREATE INDEX "projects_thumbnail_small_path_idx" ON "projects" USING btree ("thumbnail_small_path");