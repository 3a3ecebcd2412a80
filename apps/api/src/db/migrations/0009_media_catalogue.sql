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
ALTER TABLE "ad_package_categories" ADD CONSTRAINT "ad_package_categories_package_id_ad_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."ad_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_package_categories" ADD CONSTRAINT "ad_package_categories_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_sub_category_code_media_sub_categories_code_fk" FOREIGN KEY ("sub_category_code") REFERENCES "public"."media_sub_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_sub_categories" ADD CONSTRAINT "media_sub_categories_category_code_media_categories_code_fk" FOREIGN KEY ("category_code") REFERENCES "public"."media_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_category_idx" ON "media" USING btree ("category_code","id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "unread_notification_count";