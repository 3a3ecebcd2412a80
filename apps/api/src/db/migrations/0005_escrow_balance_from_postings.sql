ALTER TABLE "point_escrow_accounts" DROP CONSTRAINT "point_escrow_balance_check";--> statement-breakpoint
ALTER TABLE "point_escrow_accounts" DROP COLUMN "balance";