CREATE TABLE "likes" (
	"project_id" integer,
	"film_id" bigint,
	"post_id" bigint,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "likes_one_target_check" CHECK (num_nonnulls("likes"."project_id", "likes"."film_id", "likes"."post_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"artist_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"image_paths" text[] DEFAULT '{}'::text[] NOT NULL,
	"hidden_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "posts_body_length_check" CHECK (char_length("posts"."body") between 1 and 2000),
	CONSTRAINT "posts_images_check" CHECK (cardinality("posts"."image_paths") <= 4)
);
--> statement-breakpoint
ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type_check";--> statement-breakpoint
ALTER TABLE "comments" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "film_id" bigint;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "post_id" bigint;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "likes_project_user_idx" ON "likes" USING btree ("project_id","user_id") WHERE "likes"."project_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "likes_film_user_idx" ON "likes" USING btree ("film_id","user_id") WHERE "likes"."film_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "likes_post_user_idx" ON "likes" USING btree ("post_id","user_id") WHERE "likes"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "likes_user_project_idx" ON "likes" USING btree ("user_id","project_id") WHERE "likes"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "posts_artist_idx" ON "posts" USING btree ("artist_id","id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_film_idx" ON "comments" USING btree ("film_id","id") WHERE "comments"."film_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("post_id","id") WHERE "comments"."post_id" is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_one_target_check" CHECK (num_nonnulls("comments"."project_id", "comments"."film_id", "comments"."post_id") = 1);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type_check" CHECK ("reports"."target_type" in ('project', 'comment', 'film', 'post'));--> statement-breakpoint
-- Every project like moves to the one likes table (project_likes goes in 0033; decision 075).
INSERT INTO "likes" ("project_id", "film_id", "post_id", "user_id", "created_at") SELECT "project_id", NULL, NULL, "user_id", "created_at" FROM "project_likes";
