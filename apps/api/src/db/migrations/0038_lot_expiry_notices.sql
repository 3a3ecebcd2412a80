CREATE TABLE "point_lot_expiry_notices" (
	"lot_id" bigint PRIMARY KEY NOT NULL,
	"days" smallint NOT NULL,
	"noticed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_lot_expiry_notices_days_check" CHECK ("point_lot_expiry_notices"."days" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_lot_expiry_notices" ADD CONSTRAINT "point_lot_expiry_notices_lot_id_point_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."point_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The notices already written move into the ledger's work list (their dedupe keys are points_expiring:<lot>:d<days>).
INSERT INTO "point_lot_expiry_notices" ("lot_id", "days", "noticed_at")
SELECT split_part("dedupe_key", ':', 2)::bigint, min(substring(split_part("dedupe_key", ':', 3) from 2)::smallint), min("created_at")
FROM "notifications"
WHERE "kind" = 'points_expiring' AND "dedupe_key" ~ '^points_expiring:[0-9]+:d[0-9]+$'
  AND split_part("dedupe_key", ':', 2)::bigint IN (SELECT "id" FROM "point_lots")
GROUP BY split_part("dedupe_key", ':', 2)::bigint;
