CREATE TABLE "sandbox_gateway_cancellations" (
	"checkout_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_krw" integer NOT NULL,
	"partial" boolean NOT NULL,
	"reason" text NOT NULL,
	"cancelled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_gateway_cancellations_checkout_id_idempotency_key_pk" PRIMARY KEY("checkout_id","idempotency_key"),
	CONSTRAINT "sandbox_gateway_cancellations_amount_check" CHECK ("sandbox_gateway_cancellations"."amount_krw" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payments" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"payment_key" text,
	"order_id" text NOT NULL,
	"order_name" text NOT NULL,
	"amount_krw" integer NOT NULL,
	"method" text NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"language" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decline_code" text,
	"decline_reason" text,
	"cancelled_krw" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_gateway_payments_status_check" CHECK ("sandbox_gateway_payments"."status" in ('pending', 'approved', 'confirmed', 'declined', 'abandoned', 'partially_cancelled', 'cancelled')),
	CONSTRAINT "sandbox_gateway_payments_amount_check" CHECK ("sandbox_gateway_payments"."amount_krw" > 0 and "sandbox_gateway_payments"."cancelled_krw" between 0 and "sandbox_gateway_payments"."amount_krw")
);
--> statement-breakpoint
ALTER TABLE "sandbox_gateway_cancellations" ADD CONSTRAINT "sandbox_gateway_cancellations_checkout_id_sandbox_gateway_payments_checkout_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."sandbox_gateway_payments"("checkout_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_payments_payment_key_unique" ON "sandbox_gateway_payments" USING btree ("payment_key");