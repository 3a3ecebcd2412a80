-- Decision 067. A stored answer keeps the value or the refusal (its code, message and details),
-- never an HTTP status: a replay takes the status from the code. A row with a status of 400 or more
-- held the app's error body.
UPDATE "idempotency_keys" SET "response" = CASE
	WHEN "status_code" >= 400 THEN jsonb_build_object('refusal', "response" -> 'error')
	ELSE jsonb_build_object('value', "response")
END;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "status_code";--> statement-breakpoint
-- The participation batch is a plain transaction of each module's own statements now; the function
-- of decision 059 (migrations 0021, 0022 and 0024), which read every module's tables, goes.
DROP FUNCTION "participation_batch_state"(integer, uuid[], integer[], text[], text[], text[]);
