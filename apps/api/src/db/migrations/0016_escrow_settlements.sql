CREATE TABLE "point_escrow_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_escrow_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"escrow_account_id" bigint NOT NULL,
	"project_id" integer,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_escrow_settlements_currency_check" CHECK ("point_escrow_settlements"."currency" in ('orange', 'berry')),
	CONSTRAINT "point_escrow_settlements_amount_check" CHECK ("point_escrow_settlements"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "point_postings" DROP CONSTRAINT "point_postings_system_account_check";--> statement-breakpoint
ALTER TABLE "point_postings" ALTER COLUMN "transaction_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "point_postings" ADD COLUMN "settlement_id" bigint;--> statement-breakpoint
ALTER TABLE "point_escrow_settlements" ADD CONSTRAINT "point_escrow_settlements_escrow_account_id_point_escrow_accounts_id_fk" FOREIGN KEY ("escrow_account_id") REFERENCES "public"."point_escrow_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "point_escrow_settlements_escrow_unique" ON "point_escrow_settlements" USING btree ("escrow_account_id");--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_settlement_id_point_escrow_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."point_escrow_settlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_postings_settlement_idx" ON "point_postings" USING btree ("settlement_id") WHERE "point_postings"."settlement_id" is not null;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_one_owner" CHECK (num_nonnulls("point_postings"."transaction_id", "point_postings"."settlement_id") = 1);--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_system_account_check" CHECK ("point_postings"."system_account" is null or "point_postings"."system_account" in ('sales', 'bonus_expense', 'expired', 'exchange', 'refunds', 'forfeited', 'returns', 'consumed'));