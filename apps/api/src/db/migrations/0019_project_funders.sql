CREATE TABLE "project_funders" (
	"project_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"total" integer NOT NULL,
	CONSTRAINT "project_funders_project_id_user_id_pk" PRIMARY KEY("project_id","user_id"),
	CONSTRAINT "project_funders_total_check" CHECK ("project_funders"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "project_funders" ADD CONSTRAINT "project_funders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_funders" ADD CONSTRAINT "project_funders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 058: the totals of the participations made before this table existed.
INSERT INTO "project_funders" ("project_id", "user_id", "total") SELECT "project_id", "user_id", sum("amount") FROM "project_participations" GROUP BY "project_id", "user_id";