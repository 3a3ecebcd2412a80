CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operator_id" uuid NOT NULL,
	"action" text NOT NULL,
	"project_id" integer,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_media" (
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"media_id" integer NOT NULL,
	"price_unit" text NOT NULL,
	"price" integer NOT NULL,
	"duration" integer NOT NULL,
	CONSTRAINT "project_media_price_unit_check" CHECK ("project_media"."price_unit" in ('day', 'second')),
	CONSTRAINT "project_media_positive_check" CHECK ("project_media"."price" >= 0 and "project_media"."duration" > 0)
);
--> statement-breakpoint
CREATE TABLE "project_participations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_participations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"spend_transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "project_participations_kind_check" CHECK ("project_participations"."kind" in ('deposit', 'participation')),
	CONSTRAINT "project_participations_amount_check" CHECK ("project_participations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"artist_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"option" text NOT NULL,
	"package_id" text NOT NULL,
	"goal" integer NOT NULL,
	"ad_start_date" date NOT NULL,
	"ad_end_date" date NOT NULL,
	"funding_start_date" date NOT NULL,
	"funding_end_date" date NOT NULL,
	"minimum_unit" integer,
	"title" text,
	"introduction" text,
	"thumbnail_path" text,
	"youtube_url" text,
	"x_url" text,
	"creator_x_id" text,
	"creator_email" text,
	"rejection_reason" text,
	"requested_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"creation_deadline" timestamp with time zone,
	"created_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"escrow_account_id" bigint,
	"deposit" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "projects_status_check" CHECK ("projects"."status" in ('requested', 'approved', 'rejected', 'created', 'funding', 'succeeded', 'failed', 'cancelled', 'running', 'awarded')),
	CONSTRAINT "projects_purpose_check" CHECK ("projects"."purpose" in ('limited', 'ongoing')),
	CONSTRAINT "projects_option_check" CHECK ("projects"."option" in ('image', 'video')),
	CONSTRAINT "projects_goal_check" CHECK ("projects"."goal" > 0),
	CONSTRAINT "projects_minimum_unit_check" CHECK ("projects"."minimum_unit" is null or "projects"."minimum_unit" between 10 and 1000),
	CONSTRAINT "projects_dates_check" CHECK ("projects"."funding_start_date" <= "projects"."funding_end_date" and "projects"."funding_end_date" < "projects"."ad_start_date"),
	CONSTRAINT "projects_created_has_deposit" CHECK ("projects"."created_at" is null or ("projects"."deposit" is not null and "projects"."escrow_account_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_media" ADD CONSTRAINT "project_media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_participations" ADD CONSTRAINT "project_participations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_participations" ADD CONSTRAINT "project_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "operator_audit_log_project_idx" ON "operator_audit_log" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "operator_audit_log_at_idx" ON "operator_audit_log" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_media_unique" ON "project_media" USING btree ("project_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_participations_spend_unique" ON "project_participations" USING btree ("spend_transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "project_participations_one_deposit" ON "project_participations" USING btree ("project_id") WHERE "project_participations"."kind" = 'deposit';--> statement-breakpoint
CREATE INDEX "project_participations_project_idx" ON "project_participations" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "projects_requested_idx" ON "projects" USING btree ("requested_at","id") WHERE "projects"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "projects_creation_deadline_idx" ON "projects" USING btree ("creation_deadline") WHERE "projects"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "projects_funding_start_idx" ON "projects" USING btree ("funding_start_date") WHERE "projects"."status" = 'created';--> statement-breakpoint
CREATE INDEX "projects_creator_idx" ON "projects" USING btree ("creator_id","id");