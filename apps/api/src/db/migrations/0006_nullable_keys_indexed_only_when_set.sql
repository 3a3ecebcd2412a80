DROP INDEX "point_lots_payment_idx";--> statement-breakpoint
DROP INDEX "point_postings_lot_idx";--> statement-breakpoint
DROP INDEX "point_postings_escrow_idx";--> statement-breakpoint
DROP INDEX "point_transactions_related_idx";--> statement-breakpoint
CREATE INDEX "point_lots_payment_idx" ON "point_lots" USING btree ("payment_id") WHERE "point_lots"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "point_postings_lot_idx" ON "point_postings" USING btree ("lot_id") WHERE "point_postings"."lot_id" is not null;--> statement-breakpoint
CREATE INDEX "point_postings_escrow_idx" ON "point_postings" USING btree ("escrow_account_id") WHERE "point_postings"."escrow_account_id" is not null;--> statement-breakpoint
CREATE INDEX "point_transactions_related_idx" ON "point_transactions" USING btree ("related_transaction_id") WHERE "point_transactions"."related_transaction_id" is not null;