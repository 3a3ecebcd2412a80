-- Keys made before the confusable skeleton are version 1; the API recomputes them at start
-- (modules/users/nickname-keys.ts), since the skeleton is Unicode data SQL does not have.
ALTER TABLE "users" ADD COLUMN "nickname_key_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "nickname_key_version" SET DEFAULT 2;
