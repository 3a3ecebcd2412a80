-- New keys are made with Unicode's whole confusables table (version 3); the API recomputes the
-- older ones at start (modules/users/nickname-keys.ts, docs/decisions/032-nickname-keys-with-confusable-skeletons.md).
ALTER TABLE "users" ALTER COLUMN "nickname_key_version" SET DEFAULT 3;