CREATE TABLE "dev_identity_provider_artifacts" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"uid" text,
	"grant_id" text,
	"expires_at" timestamp with time zone,
	CONSTRAINT "dev_identity_provider_artifacts_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "dev_identity_provider_artifacts_uid_idx" ON "dev_identity_provider_artifacts" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "dev_identity_provider_artifacts_grant_idx" ON "dev_identity_provider_artifacts" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "dev_identity_provider_artifacts_expires_idx" ON "dev_identity_provider_artifacts" USING btree ("expires_at");