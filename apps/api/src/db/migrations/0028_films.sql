CREATE TABLE "films" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "films_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"author_id" uuid NOT NULL,
	"artist_id" integer NOT NULL,
	"project_id" integer,
	"title" text NOT NULL,
	"source" text NOT NULL,
	"youtube_id" text,
	"video_path" text,
	"poster_path" text,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"codec" text,
	"size_bytes" bigint,
	"hidden_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "films_title_length_check" CHECK (char_length("films"."title") between 1 and 100),
	CONSTRAINT "films_source_check" CHECK ("films"."source" in ('youtube', 'upload')),
	CONSTRAINT "films_source_fields_check" CHECK (("films"."source" = 'youtube' and "films"."youtube_id" is not null and "films"."video_path" is null) or ("films"."source" = 'upload' and "films"."video_path" is not null and "films"."youtube_id" is null)),
	CONSTRAINT "films_youtube_id_check" CHECK ("films"."youtube_id" is null or "films"."youtube_id" ~ '^[A-Za-z0-9_-]{11}$')
);
--> statement-breakpoint
ALTER TABLE "films" ADD CONSTRAINT "films_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "films" ADD CONSTRAINT "films_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "films" ADD CONSTRAINT "films_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "films_listed_idx" ON "films" USING btree ("id") WHERE "films"."hidden_at" is null and "films"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "films_artist_idx" ON "films" USING btree ("artist_id","id") WHERE "films"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "films_author_idx" ON "films" USING btree ("author_id","id") WHERE "films"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "films_project_idx" ON "films" USING btree ("project_id","id") WHERE "films"."project_id" is not null and "films"."deleted_at" is null;