/**
 * What the participation benchmark and the chaos run need of projects: projects open for funding,
 * written straight into the database as a created project is (its row, its Orange escrow), without
 * the request, approval and creation screens. The creator's deposit is recorded on the row but not
 * spent: these runs measure and shake participations, and the reconciliation holds either way
 * (an escrow equals its live participations).
 */
import pg from 'pg';

export type FundingProjectOptions = {
  purpose: 'limited' | 'ongoing';
  goal: number;
  minimumUnit: number;
  /** KST calendar days from today to the funding end (0: funding ends today, closes at the next 00:00 KST). */
  fundingEndsInDays: number;
  /**
   * Each project by an artist of its own; otherwise all by one. Every participation adds to its
   * artist's month in the rankings' rollup (docs/architecture.md#discovery), so projects of one
   * artist all write one row.
   */
  artistEach?: boolean;
};

/** `count` projects in `funding` by `creatorId`, each with its own Orange escrow; returns their ids in order. */
export async function openFundingProjects(databaseUrl: string, creatorId: string, count: number, options: FundingProjectOptions): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    const artists = await client.query<{ id: number }>(
      `insert into artists (type, names, search_text)
       select 'solo', '{"ko":"벤치","en":"Bench","zh":"Bench","ja":"ベンチ","es":"Bench"}', 'bench' from generate_series(1, $1::int)
       returning id`,
      [options.artistEach ? count : 1],
    );
    const artistIds = artists.rows.map((row) => row.id).sort((a, b) => a - b);
    const projects = await client.query<{ id: number }>(
      `with today as (select (now() at time zone 'Asia/Seoul')::date as d)
       insert into projects (status, kind, creator_id, artist_id, purpose, option, package_id, goal, ad_start_date, ad_end_date,
         funding_start_date, funding_end_date, minimum_unit, title, introduction, requested_at, approved_at, updated_at)
       select 'funding', 'project', $1, ($2::int[])[least(n, cardinality($2::int[]))], $3, 'image', 'basic', $4, d + $6::int + 40, d + $6::int + 46, d, d + $6::int, $5,
         'Bench project ' || n, 'Participations under load.', now(), now(), now()
       from today, generate_series(1, $7::int) n order by n
       returning id`,
      [creatorId, artistIds, options.purpose, options.goal, options.minimumUnit, options.fundingEndsInDays, count],
    );
    const ids = projects.rows.map((row) => row.id);
    const escrows = await client.query<{ id: string; project_id: number }>(
      `insert into point_escrow_accounts (project_id, currency) select unnest($1::int[]), 'orange' returning id, project_id`,
      [ids],
    );
    await client.query(
      `update projects p set escrow_account_id = e.id, deposit = p.minimum_unit, created_at = now()
       from unnest($1::bigint[], $2::int[]) as e(id, project_id) where p.id = e.project_id`,
      [escrows.rows.map((row) => row.id), escrows.rows.map((row) => row.project_id)],
    );
    await client.query('commit');
    return ids;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * For each project: its raised amount (participations), its escrow (the sum of its postings) and the
 * participations acknowledged to clients, which must all agree (no lost update, nothing extra).
 */
export async function participationTotals(databaseUrl: string, ids: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; raised: string; escrow: string; participations: string }>(
      `select p.id,
         coalesce((select sum(amount) from project_participations pp where pp.project_id = p.id), 0) as raised,
         coalesce((select sum(amount) from point_postings pg where pg.escrow_account_id = p.escrow_account_id), 0) as escrow,
         (select count(*) from project_participations pp where pp.project_id = p.id) as participations
       from projects p where p.id = any($1::int[])`,
      [ids],
    );
    return rows.map((row) => ({ id: row.id, raised: Number(row.raised), escrow: Number(row.escrow), participations: Number(row.participations) }));
  } finally {
    await client.end();
  }
}
