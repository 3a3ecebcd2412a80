import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Language, LocalizedName } from '@orchard/shared';
import { queryNamed, textLiteral, type Db, type DbOrTx, type NamedStatement } from '../../db/client.ts';
import { amongFollowedArtists, artistNamesAmong, artistNamesProbe, artistsNamedFilter } from '../artists/artists.service.ts';
import { projectCommentCountOf, projectHiddenProbe, projectLikedText, projectLikesOf } from '../community/community.service.ts';
import { catalogueTextsIn } from '../media/media.service.ts';
import { users } from '../users/users.table.ts';
import { insertParticipations, type NewParticipation } from './participations.repository.ts';
import { orangeValueOf, projectMedia, projectParticipations, projects, type ProjectRow } from './projects.table.ts';
import { projectProofs } from './proofs.table.ts';

export type ProjectMediaRow = typeof projectMedia.$inferSelect;

/** A project row with what its answer shows beside it: artist names, creator nickname. */
export type ProjectRecord = ProjectRow & {
  artistNames: LocalizedName;
  creatorNickname: string | null;
  creatorDeleted: boolean;
};

/** A project's medium as its answer shows it: the request's price and duration, the catalogue's texts in one language. */
export type ProjectViewMedium = {
  mediaId: number;
  priceUnit: string;
  price: number;
  duration: number;
  name: string | null;
  categoryCode: string | null;
  subCategoryCode: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** A project record with everything its answer shows beside it, for one viewer in one language. */
export type ProjectView = ProjectRecord & {
  participantCount: number;
  viewerContribution: number;
  media: ProjectViewMedium[];
  photoPaths: string[];
  likeCount: number;
  viewerLiked: boolean;
  commentCount: number;
  hidden: boolean;
};

/**
 * The key space of the projects' advisory locks (`pg_advisory_xact_lock(namespace, project id)`),
 * apart from the sweeps' (jobs/advisory-lock.ts) and from the one-key form, which never overlaps.
 */
export const projectLockNamespace = 0x4f525052;

/** Statuses of a request that has not (yet) become a created project. */
export const preCreationStatuses = ['requested', 'approved', 'rejected'] as const;

/**
 * The select behind every project answer (decision 057): one JSON value per project holding the
 * row (its columns by their SQL names, the figures among them: decision 064), its creator, and as
 * subqueries the reader's own total (one row: decision 058), the media with the catalogue's texts,
 * the photos, its artist's names and the community fields. One column, not forty: the driver
 * describes and parses each column of each row on every call. `viewerId` and `language` are SQL,
 * so the same text serves a prepared statement (placeholders) and a one-off query (parameters).
 * The artist's names, the catalogue's texts, the likes, the comment count and the hidden mark are
 * pieces of their owners' services (decision 102), in the same one statement.
 */
function selectViews(db: DbOrTx, viewerId: SQL, language: SQL) {
  // Written out rather than interpolated: inside a select list drizzle leaves column names
  // unqualified, which would bind them to the subqueries' own tables.
  const view = sql<StoredView>`to_jsonb(projects.*) || jsonb_build_object(
    'artist_names', ${artistNamesProbe(projects.artistId)},
    'creator_nickname', users.nickname,
    'creator_deleted', users.deleted_at is not null,
    'viewer_contribution', coalesce((select f.total from project_funders f where f.project_id = projects.id and f.user_id = ${viewerId}::uuid), 0),
    'media', coalesce((
      select json_agg(json_build_object(
        'mediaId', pm.media_id, 'priceUnit', pm.price_unit, 'price', pm.price, 'duration', pm.duration,
        'name', m.name, 'categoryCode', m.category_code, 'subCategoryCode', m.sub_category_code,
        'address', m.address, 'latitude', m.latitude, 'longitude', m.longitude) order by pm.position)
      from project_media pm left join ${catalogueTextsIn(language)} m on m.id = pm.media_id where pm.project_id = projects.id), '[]'::json),
    'photo_paths', coalesce((select json_agg(ph.path order by ph.sequence) from project_proofs ph where ph.project_id = projects.id and ph.kind = 'photo' and ph.path is not null
      and not exists (select 1 from project_proofs w where w.withdraws_proof_id = ph.id)), '[]'::json),
    'likes', ${projectLikesOf(projects.id, viewerId)},
    'comment_count', ${projectCommentCountOf(projects.id)},
    'hidden', ${projectHiddenProbe(projects.id)})`;
  return db.select({ view }).from(projects).innerJoin(users, eq(users.id, projects.creatorId));
}

/** The JSON value of `selectViews`: the project's columns and the extras, by their SQL names. */
type StoredView = {
  id: number;
  status: string;
  kind: string;
  creator_id: string;
  artist_id: number;
  purpose: string;
  option: string;
  package_id: string;
  goal: number;
  ad_start_date: string;
  ad_end_date: string;
  funding_start_date: string;
  funding_end_date: string;
  minimum_unit: number | null;
  title: string | null;
  introduction: string | null;
  thumbnail_path: string | null;
  thumbnail_small_path: string | null;
  youtube_url: string | null;
  x_url: string | null;
  creator_x_id: string | null;
  creator_email: string | null;
  rejection_reason: string | null;
  requested_at: string;
  approved_at: string | null;
  creation_deadline: string | null;
  created_at: string | null;
  cancelled_at: string | null;
  cancellation_reason: string | null;
  escrow_account_id: number | null;
  deposit: number | null;
  raised: number;
  backers: number;
  search_text: string | null;
  returns_pending: boolean;
  proof_overdue_noticed_at: string | null;
  updated_at: string;
  artist_names: ProjectRecord['artistNames'];
  creator_nickname: string | null;
  creator_deleted: boolean;
  viewer_contribution: number;
  media: ProjectViewMedium[];
  photo_paths: string[];
  likes: [number, boolean];
  comment_count: number;
  hidden: boolean;
};

const instant = (value: string | null) => (value === null ? null : new Date(value));

function toView({ view: row }: { view: StoredView }): ProjectView {
  const [likeCount, viewerLiked] = row.likes;
  return {
    id: row.id,
    status: row.status,
    kind: row.kind,
    creatorId: row.creator_id,
    artistId: row.artist_id,
    purpose: row.purpose,
    option: row.option,
    packageId: row.package_id,
    goal: row.goal,
    adStartDate: row.ad_start_date,
    adEndDate: row.ad_end_date,
    fundingStartDate: row.funding_start_date,
    fundingEndDate: row.funding_end_date,
    minimumUnit: row.minimum_unit,
    title: row.title,
    introduction: row.introduction,
    thumbnailPath: row.thumbnail_path,
    thumbnailSmallPath: row.thumbnail_small_path,
    youtubeUrl: row.youtube_url,
    xUrl: row.x_url,
    creatorXId: row.creator_x_id,
    creatorEmail: row.creator_email,
    rejectionReason: row.rejection_reason,
    requestedAt: new Date(row.requested_at),
    approvedAt: instant(row.approved_at),
    creationDeadline: instant(row.creation_deadline),
    createdAt: instant(row.created_at),
    cancelledAt: instant(row.cancelled_at),
    cancellationReason: row.cancellation_reason,
    escrowAccountId: row.escrow_account_id,
    deposit: row.deposit,
    updatedAt: new Date(row.updated_at),
    artistNames: row.artist_names,
    creatorNickname: row.creator_nickname,
    creatorDeleted: row.creator_deleted,
    raised: Number(row.raised),
    backers: Number(row.backers),
    searchText: row.search_text,
    returnsPending: row.returns_pending,
    proofOverdueNoticedAt: instant(row.proof_overdue_noticed_at),
    participantCount: Number(row.backers),
    viewerContribution: Number(row.viewer_contribution),
    media: row.media,
    photoPaths: row.photo_paths,
    likeCount: Number(likeCount),
    viewerLiked,
    commentCount: Number(row.comment_count),
    hidden: row.hidden,
  };
}

const viewer = () => sql`${sql.placeholder('viewerId')}`;
const languageOfView = () => sql`${sql.placeholder('language')}`;
// Two statements, not one with `= any($ids)`: with a single id PostgreSQL settles on one generic
// plan after a few calls; with an array it plans each call afresh, which costs more than the read.
const viewById = (db: DbOrTx) => selectViews(db, viewer(), languageOfView()).where(eq(projects.id, sql.placeholder('id'))).prepare('project_view');
const viewsByIds = (db: DbOrTx) =>
  selectViews(db, viewer(), languageOfView())
    .where(sql`${projects.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('project_views');

/**
 * Projects by id as their answers show them, in one prepared statement: the project page's read
 * and every participation's answer (decision 057). Rows come in no particular order.
 */
export function prepareProjectViews(db: Db) {
  const prepared = { one: viewById(db), many: viewsByIds(db) };
  return async (ids: number[], viewerId: string | null, language: Language, source: DbOrTx = db): Promise<ProjectView[]> => {
    if (ids.length === 0) return [];
    const statements = source === db ? prepared : { one: viewById(source), many: viewsByIds(source) };
    const rows = ids.length === 1 ? await statements.one.execute({ id: ids[0], viewerId, language }) : await statements.many.execute({ ids, viewerId, language });
    return rows.map(toView);
  };
}

/**
 * A page's size written into the statement, not sent as a parameter: the pool plans every
 * statement generically (openPostgres), and with `limit $n` the planner costs a list as if it
 * read a tenth of the table; at 100 k projects that passes jit_above_cost, and compiling the query
 * took some 50 ms of a page that reads in 1 ms. drizzle types `limit` as a number or a
 * placeholder, and writes any SQL it is given as it is.
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new Error(`not a page size: ${limit}`);
  return sql.raw(String(limit)) as unknown as number;
}

/** Each signed-in reader's own figures beside a shared project read (decision 057), by name. */
const viewerFieldsStatement: NamedStatement = {
  name: 'project_viewer_fields_v3',
  text: `
    select r.project_id, r.user_id,
      coalesce((select f.total from project_funders f where f.project_id = r.project_id and f.user_id = r.user_id), 0) as contribution,
      ${projectLikedText('r.project_id', 'r.user_id')} as liked
    from unnest($1::int[], $2::uuid[]) as r(project_id, user_id)`,
};

export function createProjectsRepository({ db }: { db: DbOrTx }) {
  const selectRecords = () =>
    db
      .select({
        project: projects,
        artistNames: artistNamesProbe(projects.artistId),
        creatorNickname: users.nickname,
        creatorDeletedAt: users.deletedAt,
      })
      .from(projects)
      .innerJoin(users, eq(users.id, projects.creatorId));

  const toRecord = (row: {
    project: ProjectRow;
    artistNames: ProjectRecord['artistNames'];
    creatorNickname: string | null;
    creatorDeletedAt: Date | null;
  }): ProjectRecord => ({
    ...row.project,
    artistNames: row.artistNames,
    creatorNickname: row.creatorNickname,
    creatorDeleted: row.creatorDeletedAt !== null,
  });

  return {
    async insertRequest(values: typeof projects.$inferInsert, media: Omit<ProjectMediaRow, 'projectId'>[]): Promise<number> {
      const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
      const projectId = row!.id;
      await db.insert(projectMedia).values(media.map((medium) => ({ ...medium, projectId })));
      return projectId;
    },

    /**
     * The project whose thumbnail, or one of whose proofs, is stored under `key`: hidden or not, or
     * none. A withdrawn proof's file belongs to nothing any more: it is no longer served.
     */
    async fileHolder(file: 'thumbnail' | 'proof', key: string): Promise<{ hidden: boolean } | undefined> {
      const hidden = projectHiddenProbe(projects.id);
      const [row] =
        file === 'thumbnail'
          ? await db
              .select({ hidden })
              .from(projects)
              .where(or(eq(projects.thumbnailPath, key), eq(projects.thumbnailSmallPath, key)))
              .limit(1)
          : await db
              .select({ hidden })
              .from(projectProofs)
              .innerJoin(projects, eq(projects.id, projectProofs.projectId))
              .where(and(eq(projectProofs.path, key), sql`not exists (select 1 from project_proofs w where w.withdraws_proof_id = ${projectProofs.id})`))
              .limit(1);
      return row;
    },

    async findRecord(projectId: number): Promise<ProjectRecord | null> {
      const [row] = await selectRecords().where(eq(projects.id, projectId));
      return row ? toRecord(row) : null;
    },

    /**
     * What each (project, user) pair shows as the viewer's own: their total in the project and
     * whether they like it, keyed `${projectId}:${userId}`; absent pairs have neither.
     */
    async viewerFieldsOf(pairs: { projectId: number; userId: string }[]): Promise<Map<string, { contribution: number; liked: boolean }>> {
      if (pairs.length === 0) return new Map();
      const rows = await queryNamed(db, viewerFieldsStatement, [pairs.map((pair) => pair.projectId), pairs.map((pair) => pair.userId)]);
      return new Map(rows.map((row) => [`${Number(row.project_id)}:${String(row.user_id)}`, { contribution: Number(row.contribution), liked: row.liked === true || row.liked === 't' }]));
    },

    /** A page of projects as their answers show them to `viewerId`, in `order`. */
    async listViews(where: SQL | undefined, order: SQL[], limit: number, viewerId: string | null, language: Language): Promise<ProjectView[]> {
      const rows = await selectViews(db, sql`${viewerId}`, sql`${language}`)
        .where(where)
        .orderBy(...order)
        .limit(literalLimit(limit));
      return rows.map(toView);
    },

    /** The project's row as it stands, without a lock. */
    async findRow(projectId: number): Promise<ProjectRow | null> {
      const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
      return row ?? null;
    },

    /**
     * The row, locked for a status change (steps 1 and 2 of docs/architecture.md#locking): the
     * advisory lock taken exclusively makes the change wait for every participation batch in flight
     * on the project, and every later batch sees it (decision 059).
     */
    async lock(projectId: number): Promise<ProjectRow | null> {
      await db.execute(sql`select pg_advisory_xact_lock(${projectLockNamespace}::int, ${projectId}::int)`);
      const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).for('update');
      return row ?? null;
    },

    async update(projectId: number, changes: Partial<typeof projects.$inferInsert>): Promise<void> {
      await db.update(projects).set(changes).where(eq(projects.id, projectId));
    },

    async insertParticipation(values: NewParticipation): Promise<void> {
      await insertParticipations(db, [values]);
    },

    /** Approved projects past their creation deadline: the cancellation sweep's work list. */
    async overdueApprovedIds(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'approved'), lt(projects.creationDeadline, now)))
        .orderBy(asc(projects.creationDeadline))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Created projects whose funding start day has come: the opening sweep's work list. */
    async dueToOpenIds(today: string, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.status, 'created'), lte(projects.fundingStartDate, today)))
        .orderBy(asc(projects.fundingStartDate))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The artists of the projects `where` selects, each once, by id: one statement, the artists service's read of the projects' artist ids. */
    async artistsOf(where: SQL | undefined): Promise<{ id: number; names: LocalizedName }[]> {
      return artistNamesAmong(db, db.selectDistinct({ id: projects.artistId }).from(projects).where(where));
    },

    /** True while the user created a project whose funding has not ended (account deletion guard). */
    async hasUnfinishedCreatedProject(userId: string): Promise<boolean> {
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.creatorId, userId), isNotNull(projects.createdAt), inArray(projects.status, ['created', 'funding'])))
        .limit(1);
      return rows.length > 0;
    },
  };
}

/** A LIKE pattern matching text that holds `text`, its percent signs, underscores and backslashes taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export const projectFilters = {
  ofCreator: (userId: string) => eq(projects.creatorId, userId),
  ofArtist: (artistId: number) => eq(projects.artistId, artistId),
  /** Request tab: a request in any state before creation (pending, approved, rejected, cancelled at the deadline). */
  beforeCreation: () =>
    or(inArray(projects.status, [...preCreationStatuses]), and(eq(projects.status, 'cancelled'), isNull(projects.createdAt))),
  /** Open tab: projects the user created; also what the public lists show. */
  created: () => isNotNull(projects.createdAt),
  ofStatus: (status: string) => eq(projects.status, status),
  ofKind: (kind: string) => eq(projects.kind, kind),
  /** Participate tab: projects the user put points into, the deposit included. */
  participatedBy: (userId: string) =>
    sql`exists (select 1 from ${projectParticipations} pp where pp.project_id = ${projects.id} and pp.user_id = ${userId})`,
  /**
   * What the public lists and search show (docs/product.md#discovery): created projects, never a
   * cancelled one; a hidden one only to operators.
   */
  listedPublicly: (showHidden: boolean) =>
    and(
      isNotNull(projects.createdAt),
      ne(projects.status, 'cancelled'),
      showHidden ? undefined : sql`not ${projectHiddenProbe(projects.id)}`,
    ),
  /** Written out, not a parameter, so the planner always sees the funding indexes' predicate. */
  funding: () => sql`${projects.status} = 'funding'`,
  notFunding: () => sql`${projects.status} <> 'funding'`,
  /** Projects of the artists the user follows: a fan follows few, each reached through the artist indexes. */
  followedBy: (userId: string) => amongFollowedArtists(projects.artistId, userId),
  /**
   * The search key holds the folded text. The pattern is written into the statement as a quoted
   * literal, not sent as a parameter: the pool plans every statement generically (openPostgres),
   * and only with the pattern in view does the planner weigh a rare text, found through the
   * trigram index (projects_search_idx), against a common one, found soonest along the list's order.
   */
  searchKeyHolds: (folded: string) => sql`${projects.searchText} like ${sql.raw(textLiteral(containing(folded)))} escape '\\'`,
  /** Projects of the first `limit` artists whose own search key holds the folded text: those the artist search lists first. */
  ofArtistsNamed: (folded: string, limit: number) => artistsNamedFilter(projects.artistId, folded, limit),
  idBelow: (id: number) => lt(projects.id, id),
  /** Keysets of the public list's orders, after the last item of a page (row comparisons, which the indexes bound). */
  deadlineAfter: (fundingEndDate: string, id: number) => sql`(${projects.fundingEndDate}, ${projects.id}) > (${fundingEndDate}::date, ${id}::int)`,
  raisedBelow: (raised: number, id: number) => sql`(${projects.raised}, ${projects.id}) < (${raised}::int, ${id}::int)`,
  orangeValueBelow: (value: number, id: number) => sql`(${orangeValueOf(projects)}, ${projects.id}) < (${value}::int, ${id}::int)`,
  backersBelow: (backers: number, id: number) => sql`(${projects.backers}, ${projects.id}) < (${backers}::int, ${id}::int)`,
  requested: () => eq(projects.status, 'requested'),
  /** Keyset after (requestedAt, id) in ascending order. */
  requestedAfter: (requestedAt: Date, id: number) =>
    or(gt(projects.requestedAt, requestedAt), and(eq(projects.requestedAt, requestedAt), gt(projects.id, id))),
};

// The descending indexes keep nulls last (the columns hold none), and PostgreSQL walks an index in
// an order only when the ORDER BY names its nulls the same way: hence `nulls last` below.
const descending = (column: AnyColumn) => sql`${column} desc nulls last`;

export const projectOrders = {
  newestFirst: [desc(projects.id)],
  /** Newest first along projects_artist_status_idx (an artist's projects of one status). */
  newestFirstByArtistStatus: [descending(projects.id)],
  closingSoonest: [asc(projects.fundingEndDate), asc(projects.id)],
  mostRaised: [descending(projects.raised), descending(projects.id)],
  /** Along projects_funding_orange_value_idx: the Top 10. */
  mostOrangeValue: [sql`${orangeValueOf(projects)} desc nulls last`, descending(projects.id)],
  mostBackers: [descending(projects.backers), descending(projects.id)],
  oldestRequestFirst: [asc(projects.requestedAt), asc(projects.id)],
};
