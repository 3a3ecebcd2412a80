CREATE TABLE "guardian_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guardian_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"operator_id" uuid NOT NULL,
	"transaction_id" bigint NOT NULL,
	"orange" integer NOT NULL,
	"bonus_orange" integer NOT NULL,
	"amount_krw" integer NOT NULL,
	"status" text DEFAULT 'refunding' NOT NULL,
	"reason" text NOT NULL,
	"inquiry_id" integer,
	"failure_code" text,
	"requested_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "guardian_refunds_status_check" CHECK ("guardian_refunds"."status" in ('refunding', 'refunded', 'failed')),
	CONSTRAINT "guardian_refunds_amount_check" CHECK ("guardian_refunds"."orange" > 0 and "guardian_refunds"."bonus_orange" >= 0 and "guardian_refunds"."amount_krw" > 0)
);
--> statement-breakpoint
ALTER TABLE "guardian_refunds" ADD CONSTRAINT "guardian_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_refunds" ADD CONSTRAINT "guardian_refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_refunds" ADD CONSTRAINT "guardian_refunds_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_refunds_transaction_unique" ON "guardian_refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "guardian_refunds_payment_idx" ON "guardian_refunds" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "guardian_refunds_refunding_idx" ON "guardian_refunds" USING btree ("requested_at") WHERE "guardian_refunds"."status" = 'refunding';