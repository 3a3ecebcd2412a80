CREATE INDEX "project_photos_path_idx" ON "project_photos" USING btree ("path");--> statement-breakpoint
CREATE INDEX "projects_thumbnail_path_idx" ON "projects" USING btree ("thumbnail_path");--> statement-breakpoint
CREATE INDEX "posts_image_paths_idx" ON "posts" USING gin ("image_paths");--> statement-breakpoint
CREATE INDEX "films_video_path_idx" ON "films" USING btree ("video_path");--> statement-breakpoint
CREATE INDEX "films_poster_path_idx" ON "films" USING btree ("poster_path");