-- Project search matches folded titles and artist names by trigram (docs/architecture.md#discovery).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "artist_month_backers" (
	"month" date NOT NULL,
	"artist_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"orange" bigint NOT NULL,
	CONSTRAINT "artist_month_backers_month_artist_id_user_id_pk" PRIMARY KEY("month","artist_id","user_id"),
	CONSTRAINT "artist_month_backers_orange_check" CHECK ("artist_month_backers"."orange" > 0)
);
--> statement-breakpoint
CREATE TABLE "artist_month_figures" (
	"month" date NOT NULL,
	"artist_id" integer NOT NULL,
	"orange" bigint NOT NULL,
	"backers" integer NOT NULL,
	CONSTRAINT "artist_month_figures_month_artist_id_pk" PRIMARY KEY("month","artist_id"),
	CONSTRAINT "artist_month_figures_counts_check" CHECK ("artist_month_figures"."orange" >= 0 and "artist_month_figures"."backers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "raised" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "backers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text;--> statement-breakpoint
ALTER TABLE "artist_month_backers" ADD CONSTRAINT "artist_month_backers_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_month_backers" ADD CONSTRAINT "artist_month_backers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_month_figures" ADD CONSTRAINT "artist_month_figures_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_funding_deadline_idx" ON "projects" USING btree ("funding_end_date","id") WHERE "projects"."status" = 'funding';--> statement-breakpoint
CREATE INDEX "projects_funding_raised_idx" ON "projects" USING btree ("raised" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."status" = 'funding';--> statement-breakpoint
CREATE INDEX "projects_funding_backers_idx" ON "projects" USING btree ("backers" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."status" = 'funding';--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_figures_check" CHECK ("projects"."raised" >= 0 and "projects"."backers" >= 0);--> statement-breakpoint
CREATE INDEX "projects_artist_raised_idx" ON "projects" USING btree ("artist_id","raised" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "projects"."created_at" is not null;--> statement-breakpoint
CREATE INDEX "projects_artist_status_idx" ON "projects" USING btree ("artist_id","status","id" DESC NULLS LAST) WHERE "projects"."created_at" is not null;
--> statement-breakpoint
-- The projects' figures, until now summed from their stripes in project_figures.
UPDATE "projects" p SET "raised" = g."raised", "backers" = g."funders"
FROM (SELECT "project_id", sum("raised")::int AS "raised", sum("funders")::int AS "funders" FROM "project_figures" GROUP BY "project_id") g
WHERE g."project_id" = p."id";--> statement-breakpoint
-- The rollup of every Orange participation so far, by the KST month it was made in; a failed or
-- cancelled project's participations were all returned.
INSERT INTO "artist_month_backers" ("month", "artist_id", "user_id", "orange")
SELECT date_trunc('month', pp."created_at" AT TIME ZONE 'Asia/Seoul')::date, p."artist_id", pp."user_id", sum(pp."amount")
FROM "project_participations" pp JOIN "projects" p ON p."id" = pp."project_id"
WHERE p."kind" = 'project' AND p."status" NOT IN ('failed', 'cancelled')
GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "artist_month_figures" ("month", "artist_id", "orange", "backers")
SELECT "month", "artist_id", sum("orange"), count(*) FROM "artist_month_backers" GROUP BY 1, 2;
