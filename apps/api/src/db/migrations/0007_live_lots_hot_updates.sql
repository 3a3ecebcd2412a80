-- Decision 014: room on each page for a lot's next versions, so spends are HOT updates.
ALTER TABLE "point_lots" SET (fillfactor = 85);--> statement-breakpoint
DROP INDEX "point_lots_user_live_idx";--> statement-breakpoint
DROP INDEX "point_lots_expiry_idx";--> statement-breakpoint
ALTER TABLE "point_lots" ADD COLUMN "live" boolean GENERATED ALWAYS AS (remaining > 0) STORED;--> statement-breakpoint
CREATE INDEX "point_lots_user_live_idx" ON "point_lots" USING btree ("user_id","currency") WHERE "point_lots"."live";--> statement-breakpoint
CREATE INDEX "point_lots_expiry_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."live";