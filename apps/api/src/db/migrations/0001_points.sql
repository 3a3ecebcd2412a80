CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_webhook_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"gateway" text NOT NULL,
	"package_id" text NOT NULL,
	"orange" integer NOT NULL,
	"bonus_orange" integer NOT NULL,
	"amount_krw" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_key" text,
	"failure_code" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'confirmed', 'declined', 'refunding', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_krw" > 0 and "payments"."orange" > 0 and "payments"."bonus_orange" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_escrow_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_escrow_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer,
	"currency" text NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_escrow_currency_check" CHECK ("point_escrow_accounts"."currency" in ('orange', 'berry')),
	CONSTRAINT "point_escrow_balance_check" CHECK ("point_escrow_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_lots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"original" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"parent_lot_id" bigint,
	"source_transaction_id" bigint NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_lots_currency_check" CHECK ("point_lots"."currency" in ('orange', 'berry')),
	CONSTRAINT "point_lots_kind_check" CHECK ("point_lots"."kind" in ('purchased', 'bonus')),
	CONSTRAINT "point_lots_remaining_check" CHECK ("point_lots"."remaining" >= 0 and "point_lots"."remaining" <= "point_lots"."original"),
	CONSTRAINT "point_lots_original_check" CHECK ("point_lots"."original" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"transaction_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"lot_id" bigint,
	"escrow_account_id" bigint,
	"system_account" text,
	"amount" integer NOT NULL,
	CONSTRAINT "point_postings_one_account" CHECK (num_nonnulls("point_postings"."lot_id", "point_postings"."escrow_account_id", "point_postings"."system_account") = 1),
	CONSTRAINT "point_postings_non_zero" CHECK ("point_postings"."amount" <> 0),
	CONSTRAINT "point_postings_system_account_check" CHECK ("point_postings"."system_account" is null or "point_postings"."system_account" in ('sales', 'bonus_expense', 'expired', 'exchange', 'refunds', 'forfeited', 'returns'))
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "point_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"project_id" integer,
	"escrow_account_id" bigint,
	"payment_id" uuid,
	"related_transaction_id" bigint,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "point_transactions_currency_check" CHECK ("point_transactions"."currency" in ('orange', 'berry')),
	CONSTRAINT "point_transactions_type_check" CHECK ("point_transactions"."type" in ('charge', 'bonus', 'spend', 'refund', 'return', 'exchange'))
);
--> statement-breakpoint
CREATE TABLE "point_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"orange_purchased" integer DEFAULT 0 NOT NULL,
	"orange_bonus" integer DEFAULT 0 NOT NULL,
	"berry_purchased" integer DEFAULT 0 NOT NULL,
	"berry_bonus" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_wallets_non_negative" CHECK ("point_wallets"."orange_purchased" >= 0 and "point_wallets"."orange_bonus" >= 0 and "point_wallets"."berry_purchased" >= 0 and "point_wallets"."berry_bonus" >= 0)
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_transaction_id_point_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."point_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_lot_id_point_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."point_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_postings" ADD CONSTRAINT "point_postings_escrow_account_id_point_escrow_accounts_id_fk" FOREIGN KEY ("escrow_account_id") REFERENCES "public"."point_escrow_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_wallets" ADD CONSTRAINT "point_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_id_unique" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_refunding_idx" ON "payments" USING btree ("refund_requested_at") WHERE "payments"."status" = 'refunding';--> statement-breakpoint
CREATE UNIQUE INDEX "point_escrow_project_unique" ON "point_escrow_accounts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "point_lots_user_live_idx" ON "point_lots" USING btree ("user_id","currency") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_lots_expiry_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_lots_payment_idx" ON "point_lots" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "point_postings_transaction_idx" ON "point_postings" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "point_postings_lot_idx" ON "point_postings" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "point_postings_escrow_idx" ON "point_postings" USING btree ("escrow_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transactions_idempotency_unique" ON "point_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "point_transactions_history_idx" ON "point_transactions" USING btree ("user_id","currency","id");--> statement-breakpoint
CREATE INDEX "point_transactions_related_idx" ON "point_transactions" USING btree ("related_transaction_id");