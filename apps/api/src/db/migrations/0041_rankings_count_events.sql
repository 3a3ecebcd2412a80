ALTER TABLE "artist_month_backers" DROP CONSTRAINT "artist_month_backers_orange_check";--> statement-breakpoint
ALTER TABLE "artist_month_figures" DROP CONSTRAINT "artist_month_figures_counts_check";--> statement-breakpoint
ALTER TABLE "artist_month_backers" ADD COLUMN "berry" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "artist_month_figures" ADD COLUMN "berry" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_funding_orange_value_idx" ON "projects" USING btree ((case when "kind" = 'event' then "raised" / 13 else "raised" end) desc nulls last,"id" DESC NULLS LAST) WHERE "projects"."status" = 'funding';--> statement-breakpoint
ALTER TABLE "artist_month_backers" ADD CONSTRAINT "artist_month_backers_orange_check" CHECK ("artist_month_backers"."orange" >= 0 and "artist_month_backers"."berry" >= 0 and "artist_month_backers"."orange" + "artist_month_backers"."berry" > 0);--> statement-breakpoint
ALTER TABLE "artist_month_figures" ADD CONSTRAINT "artist_month_figures_counts_check" CHECK ("artist_month_figures"."orange" >= 0 and "artist_month_figures"."berry" >= 0 and "artist_month_figures"."backers" >= 0);--> statement-breakpoint
-- The Berry of every event participation so far, by the KST month it was made in, less what a
-- failed or cancelled event returned (as 0023 rolled up the Orange); it counts at ÷ 13 when ranked.
INSERT INTO "artist_month_backers" ("month", "artist_id", "user_id", "orange", "berry")
SELECT date_trunc('month', pp."created_at" AT TIME ZONE 'Asia/Seoul')::date, p."artist_id", pp."user_id", 0, sum(pp."amount")
FROM "project_participations" pp JOIN "projects" p ON p."id" = pp."project_id"
WHERE p."kind" = 'event' AND NOT (p."status" IN ('failed', 'cancelled')
  AND EXISTS (SELECT 1 FROM "point_transactions" r WHERE r."user_id" = pp."user_id" AND r."idempotency_key" = 'return:' || pp."spend_transaction_id"))
GROUP BY 1, 2, 3
ON CONFLICT ("month", "artist_id", "user_id") DO UPDATE SET "berry" = excluded."berry";--> statement-breakpoint
INSERT INTO "artist_month_figures" ("month", "artist_id", "orange", "berry", "backers")
SELECT "month", "artist_id", sum("orange"), sum("berry"), count(*) FROM "artist_month_backers" GROUP BY 1, 2
ON CONFLICT ("month", "artist_id") DO UPDATE SET "berry" = excluded."berry", "backers" = excluded."backers";
