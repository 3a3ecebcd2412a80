-- Decision 064: a project's raised sum and funder count live on its row (projects.raised and
-- projects.backers, filled by migration 0023); the batch's state reads the raised sum there.
CREATE OR REPLACE FUNCTION participation_batch_state(
	lock_namespace integer,
	user_ids uuid[],
	project_ids integer[],
	ledger_keys text[],
	client_keys text[],
	other_keys text[]
) RETURNS jsonb LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	project record;
BEGIN
	FOR project IN SELECT p.id, p.purpose FROM projects p WHERE p.id = ANY(project_ids) ORDER BY p.id LOOP
		IF project.purpose = 'limited' THEN
			PERFORM pg_advisory_xact_lock(lock_namespace, project.id);
		ELSE
			PERFORM pg_advisory_xact_lock_shared(lock_namespace, project.id);
		END IF;
	END LOOP;
	PERFORM 1 FROM point_wallets w WHERE w.user_id = ANY(user_ids) ORDER BY w.user_id FOR UPDATE;
	RETURN jsonb_build_object(
		'projects', (
			SELECT coalesce(jsonb_agg(jsonb_build_object(
				'id', p.id, 'status', p.status, 'kind', p.kind, 'purpose', p.purpose, 'goal', p.goal,
				'minimumUnit', p.minimum_unit, 'escrowAccountId', p.escrow_account_id, 'fundingEndDate', p.funding_end_date,
				'created', p.created_at IS NOT NULL, 'creatorId', p.creator_id,
				'hidden', EXISTS (SELECT 1 FROM hidden_projects h WHERE h.project_id = p.id),
				'raised', p.raised
			)), '[]'::jsonb)
			FROM projects p WHERE p.id = ANY(project_ids)
		),
		'requests', (
			SELECT coalesce(jsonb_agg(jsonb_build_object(
				'total', coalesce((SELECT f.total FROM project_funders f WHERE f.project_id = r.project_id AND f.user_id = r.user_id), 0),
				'participationId', pp.id, 'amount', pp.amount, 'requestHash', t.request_hash,
				'earlierHash', CASE WHEN o.id IS NOT NULL THEN '' ELSE k.request_hash END, 'earlierStatus', k.status_code,
				'earlierCode', k.response -> 'error' ->> 'code', 'earlierDetails', k.response -> 'error' -> 'details'
			) ORDER BY r.n), '[]'::jsonb)
			FROM unnest(user_ids, project_ids, ledger_keys, client_keys, other_keys) WITH ORDINALITY AS r(user_id, project_id, ledger_key, client_key, other_key, n)
			LEFT JOIN point_transactions t ON t.user_id = r.user_id AND t.idempotency_key = r.ledger_key
			LEFT JOIN project_participations pp ON pp.spend_transaction_id = t.id
			LEFT JOIN point_transactions o ON o.user_id = r.user_id AND o.idempotency_key = r.other_key
			LEFT JOIN idempotency_keys k ON k.user_id = r.user_id AND k.key = r.client_key
		)
	);
END
$$;--> statement-breakpoint
-- The columns once more from the fans' totals, in case participations were written through the
-- stripes after migration 0023 filled them; then the stripes of decision 059 go.
UPDATE "projects" p SET "raised" = f."raised", "backers" = f."backers"
FROM (SELECT "project_id", sum("total")::int AS "raised", count(*)::int AS "backers" FROM "project_funders" GROUP BY "project_id") f
WHERE f."project_id" = p."id" AND (p."raised", p."backers") IS DISTINCT FROM (f."raised", f."backers");--> statement-breakpoint
DROP TABLE "project_figures";
