-- docs/architecture.md#test-clock: the test clock moves by whole hours as well as days, so the
-- offset is kept in hours; a stored offset of days becomes 24 hours each.
ALTER TABLE "test_clock" DROP CONSTRAINT "test_clock_offset_forward";--> statement-breakpoint
ALTER TABLE "test_clock" ADD COLUMN "offset_hours" integer;--> statement-breakpoint
UPDATE "test_clock" SET "offset_hours" = "offset_days" * 24;--> statement-breakpoint
ALTER TABLE "test_clock" ALTER COLUMN "offset_hours" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "test_clock" DROP COLUMN "offset_days";--> statement-breakpoint
ALTER TABLE "test_clock" ADD CONSTRAINT "test_clock_offset_forward" CHECK ("test_clock"."offset_hours" >= 0);
