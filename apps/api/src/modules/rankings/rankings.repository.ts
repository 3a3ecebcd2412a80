import { sql, type SQL } from 'drizzle-orm';
import type { RankingMeasure } from '@orchard/shared';
import { berryPerOrange } from '@orchard/shared/points-rules';
import { queryNamed, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { nullableNumber } from '../../db/rows.ts';

/** The first day of the KST month an instant (SQL) falls in, as a date: the rollup's `month`. */
const kstMonthOf = (instant: string) => `date_trunc('month', ${instant} at time zone 'Asia/Seoul')::date`;

/** What a participation statement added, per row: the project's artist, the fan, and its Orange (a project) or Berry (an event). */
export type RollupAddition = { artistId: number; userId: string; orange: number; berry: number };

/**
 * The rollup's own statement after a participations' statement, in its transaction
 * (docs/architecture.md#discovery, decision 095). Per artist and the KST month of `$5` (the rows'
 * time), each fan's Orange (projects) and Berry (events) go into `artist_month_backers`, and the
 * month's Orange, Berry and the fans new to it into `artist_month_figures`. The Berry is kept
 * whole: the ranking counts the month's total at ÷ 13, rounded down (docs/product.md#discovery). A
 * fan is new when the statement's snapshot has no row for them: their wallet lock, held since
 * before it, keeps their other participations out until this one commits. Rows are written in key
 * order, so two statements that share rows queue in one order. Per row (arrays): $1 artist, $2
 * user, $3 Orange, $4 Berry. By name: one plan per connection.
 */
const addToRollupStatement: NamedStatement = {
  name: 'rollup_add_v1',
  text: `
    with rollup_added as (
      select g.month, g.artist_id, g.user_id, g.orange, g.berry,
        not exists (select 1 from artist_month_backers b where b.month = g.month and b.artist_id = g.artist_id and b.user_id = g.user_id) as new_backer
      from (
        select ${kstMonthOf('$5::timestamptz')} as month, r.artist_id, r.user_id, sum(r.orange)::bigint as orange, sum(r.berry)::bigint as berry
        from unnest($1::int[], $2::uuid[], $3::bigint[], $4::bigint[]) as r(artist_id, user_id, orange, berry)
        group by 1, 2, 3
      ) g
    ),
    rollup_backers as (
      insert into artist_month_backers (month, artist_id, user_id, orange, berry)
      select month, artist_id, user_id, orange, berry from rollup_added order by month, artist_id, user_id
      on conflict (month, artist_id, user_id) do update
        set orange = artist_month_backers.orange + excluded.orange, berry = artist_month_backers.berry + excluded.berry
    )
    insert into artist_month_figures (month, artist_id, orange, berry, backers)
    select month, artist_id, sum(orange), sum(berry), count(*) filter (where new_backer) from rollup_added
    group by month, artist_id order by month, artist_id
    on conflict (month, artist_id) do update
      set orange = artist_month_figures.orange + excluded.orange, berry = artist_month_figures.berry + excluded.berry,
        backers = artist_month_figures.backers + excluded.backers`,
};

/**
 * What a return takes out of the rollup: the project's (or event's) artist and kind, and its
 * returned participations as a query of `(created_at, user_id, amount)`, which the projects module
 * writes (projects/participations.repository.ts#participationsOfFans).
 */
export type RollupWithdrawal = { artistId: number; kind: string; participations: SQL };

/** The rows a ranking shows: one per artist with figures in the month, in rank order. */
export type RankingRow = { artistId: number; rank: number; previousRank: number | null; orange: number; backers: number };

export function createRankingsRepository({ db }: { db: DbOrTx }) {
  return {
    /** Adds a participations' statement's rows, all of the time `at`, to the rollup (`addToRollupStatement`). */
    async add(additions: readonly RollupAddition[], at: Date): Promise<void> {
      if (additions.length === 0) return;
      await queryNamed(db, addToRollupStatement, [
        additions.map((addition) => addition.artistId),
        additions.map((addition) => addition.userId),
        additions.map((addition) => addition.orange),
        additions.map((addition) => addition.berry),
        at,
      ]);
    },

    /**
     * Takes a failed or cancelled project's (or event's) participations of some fans out of the
     * rollup, in two statements whatever their number (a close does it per chunk of participants,
     * decision 066): Orange from a project, Berry from an event, the same column the participation
     * added to. The projects module names the artist, the kind and the participations, a query of
     * `(created_at, user_id, amount)` that both statements read (decision 102). The caller holds these fans' wallets, so no other statement writes their backer rows meanwhile. The month rows, which other participations and returns of
     * the artist's projects write too, are locked first, in month order (the order the
     * rollup's statement after a participations' one takes them in), so the second statement reads them as they stand:
     * read before another return committed, a row that return left with exactly this one's backers
     * would be neither reduced nor deleted.
     * A backer whose Orange and Berry in a month are all returned stops counting there, and a month
     * left without backers goes. Amounts are floored at zero: a return never fails on the rollup, and
     * the reconciliation reports any drift.
     */
    async withdrawParticipants({ artistId, kind, participations }: RollupWithdrawal): Promise<void> {
      await db.execute(sql`
        select 1 from artist_month_figures f
        where f.artist_id = ${artistId}::int
          and f.month in (select ${sql.raw(kstMonthOf('pp.created_at'))} from (${participations}) pp)
        order by f.month
        for update`);
      const amount = sql`sum(pp.amount)::bigint`;
      const none = sql`0::bigint`;
      await db.execute(sql`
        with gone as (
          select ${sql.raw(kstMonthOf('pp.created_at'))} as month, ${artistId}::int as artist_id, pp.user_id,
            ${kind === 'event' ? none : amount} as orange, ${kind === 'event' ? amount : none} as berry
          from (${participations}) pp
          group by 1, pp.user_id
        ),
        removed as (
          delete from artist_month_backers b using gone g
          where b.month = g.month and b.artist_id = g.artist_id and b.user_id = g.user_id and b.orange <= g.orange and b.berry <= g.berry
          returning b.month, b.artist_id
        ),
        reduced as (
          update artist_month_backers b set orange = greatest(b.orange - g.orange, 0), berry = greatest(b.berry - g.berry, 0) from gone g
          where b.month = g.month and b.artist_id = g.artist_id and b.user_id = g.user_id and (b.orange > g.orange or b.berry > g.berry)
        ),
        lost as (
          select g.month, g.artist_id, sum(g.orange) as orange, sum(g.berry) as berry,
            (select count(*) from removed r where r.month = g.month and r.artist_id = g.artist_id) as backers
          from gone g group by g.month, g.artist_id
        ),
        figures_reduced as (
          update artist_month_figures f set orange = greatest(f.orange - l.orange, 0), berry = greatest(f.berry - l.berry, 0), backers = f.backers - l.backers
          from lost l where f.month = l.month and f.artist_id = l.artist_id and f.backers > l.backers
        )
        delete from artist_month_figures f using lost l where f.month = l.month and f.artist_id = l.artist_id and f.backers <= l.backers`);
    },

    /**
     * The artists with figures in `month`, ranked by `by` (ties: the other measure, then the lower
     * artist id), each with its rank by the same measure in `previousMonth`. Months are first days.
     */
    async ranking(by: RankingMeasure, month: string, previousMonth: string): Promise<RankingRow[]> {
      const order = by === 'orange' ? sql`f.orange desc, f.backers desc, f.artist_id` : sql`f.backers desc, f.orange desc, f.artist_id`;
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        with ranked as (
          select f.month, f.artist_id, f.orange, f.backers, row_number() over (partition by f.month order by ${order}) as rank
          from (
            -- An event's Berry counts at its Orange value: the month's Berry total ÷ 13, rounded down (docs/product.md#discovery).
            select month, artist_id, orange + berry / ${sql.raw(String(berryPerOrange))} as orange, backers from artist_month_figures
            where month in (${month}::date, ${previousMonth}::date) and backers > 0
          ) f
        )
        select c.artist_id, c.rank, p.rank as previous_rank, c.orange, c.backers
        from ranked c left join ranked p on p.artist_id = c.artist_id and p.month = ${previousMonth}::date
        where c.month = ${month}::date
        order by c.rank`);
      return rows.map((row) => ({
        artistId: Number(row.artist_id),
        rank: Number(row.rank),
        previousRank: nullableNumber(row.previous_rank),
        orange: Number(row.orange),
        backers: Number(row.backers),
      }));
    },
  };
}
