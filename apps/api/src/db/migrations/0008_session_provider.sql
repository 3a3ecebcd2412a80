ALTER TABLE "sessions" ADD COLUMN "provider" text;--> statement-breakpoint
-- Sessions made before the provider was recorded: an account with a development identity is
-- taken as signed in through it (so turning that provider off ends them), else its oldest identity.
UPDATE "sessions" s SET "provider" = coalesce(
  (select 'dev' from "user_identities" i where i."user_id" = s."user_id" and i."provider" = 'dev' limit 1),
  (select i."provider" from "user_identities" i where i."user_id" = s."user_id" order by i."created_at", i."id" limit 1),
  'dev'
);--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "provider" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_provider_check" CHECK ("sessions"."provider" in ('x', 'google', 'apple', 'dev'));
