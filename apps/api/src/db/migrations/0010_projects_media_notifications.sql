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
CREATE TABLE "ad_package_categories" (
	"package_id" text NOT NULL,
	"category_code" text NOT NULL,
	CONSTRAINT "ad_package_categories_package_id_category_code_pk" PRIMARY KEY("package_id","category_code")
);
--> statement-breakpoint
CREATE TABLE "ad_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"days" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "ad_packages_days_check" CHECK ("ad_packages"."days" between 1 and 366)
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category_code" text NOT NULL,
	"sub_category_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"addresses" jsonb NOT NULL,
	"operator_names" jsonb NOT NULL,
	"operation_hours" jsonb NOT NULL,
	"descriptions" jsonb NOT NULL,
	"sales_policy" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"price_unit" text NOT NULL,
	"price" integer NOT NULL,
	"durations" integer[] NOT NULL,
	"guide_width" integer NOT NULL,
	"guide_height" integer NOT NULL,
	"guide_unit" text DEFAULT 'px' NOT NULL,
	"guide_capacity_mb" integer NOT NULL,
	"guide_format" text NOT NULL,
	"guide_spot_seconds" integer,
	"offered" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_price_unit_check" CHECK ("media"."price_unit" in ('day', 'second')),
	CONSTRAINT "media_price_check" CHECK ("media"."price" > 0),
	CONSTRAINT "media_format_check" CHECK ("media"."guide_format" in ('MP4', 'JPG')),
	CONSTRAINT "media_coordinates_check" CHECK ("media"."latitude" between -90 and 90 and "media"."longitude" between -180 and 180),
	CONSTRAINT "media_durations_check" CHECK (cardinality("media"."durations") > 0)
);
--> statement-breakpoint
CREATE TABLE "media_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_sub_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"category_code" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_unread_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_media" ADD CONSTRAINT "project_media_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_participations" ADD CONSTRAINT "project_participations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_participations" ADD CONSTRAINT "project_participations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_package_categories" ADD CONSTRAINT "ad_package_categories_package_id_ad_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ad_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_package_categories" ADD CONSTRAINT "ad_package_categories_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_sub_category_code_media_sub_categories_code_fk" FOREIGN KEY ("sub_category_code") REFERENCES "public"."media_sub_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_sub_categories" ADD CONSTRAINT "media_sub_categories_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "projects_creator_idx" ON "projects" USING btree ("creator_id","id");--> statement-breakpoint
CREATE INDEX "media_category_idx" ON "media" USING btree ("category_code","id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "unread_notification_count";