DROP INDEX "point_transactions_history_idx";--> statement-breakpoint
CREATE INDEX "point_transactions_history_idx" ON "point_transactions" USING btree ("user_id","currency","type","id");