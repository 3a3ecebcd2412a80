CREATE TABLE "project_figures" (
	"project_id" integer NOT NULL,
	"stripe" smallint NOT NULL,
	"raised" integer NOT NULL,
	"funders" integer NOT NULL,
	CONSTRAINT "project_figures_project_id_stripe_pk" PRIMARY KEY("project_id","stripe"),
	CONSTRAINT "project_figures_counts_check" CHECK ("project_figures"."raised" >= 0 and "project_figures"."funders" >= 0)
);
--> statement-breakpoint
ALTER TABLE "project_figures" ADD CONSTRAINT "project_figures_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Decision 059: the figures of the projects funded before this table existed, in stripe 0.
INSERT INTO "project_figures" ("project_id", "stripe", "raised", "funders") SELECT "project_id", 0, sum("total"), count(*) FROM "project_funders" GROUP BY "project_id";
