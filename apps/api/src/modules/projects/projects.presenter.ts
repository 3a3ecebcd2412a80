import { and, or, type SQL } from 'drizzle-orm';
import {
  projectPictureSizes,
  projectPictureSrcset,
  foldForSearch,
  searchArtistsLimit,
  searchProjectsLimit,
  type Language,
  type MyProjectTab,
  type Project,
  type ProjectKind,
  type ProjectStatus,
  type PublicProjectSort,
  type PublicProjectsQuery,
  myProjectsResponseSchema,
} from '@orchard/shared';
import { berryPerOrange } from '@orchard/shared/points-rules';
import { fundingClosesAt, isKstDate, perUserLimitOf } from '@orchard/shared/project-rules';
import { createBatcher, type Batcher } from '../../db/batcher.ts';
import { coalesceReads } from '../../db/coalesce.ts';
import { coalesceJson } from '../../lib/shared-json.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeJsonCursor, encodeJsonCursor, isCursorId, isCursorInstant } from '../../lib/cursor.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/storage.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { likedByFilter } from '../community/community.service.ts';
import { cursorInvalid, projectNotFound } from './projects.errors.ts';
import { createProjectsRepository, prepareProjectViews, projectFilters, projectOrders, type ProjectView } from './projects.repository.ts';
import { projects } from './projects.table.ts';


const pageSize = 20;

const beforeCreation = (row: { status: string; createdAt: Date | string | null }) =>
  row.status === 'requested' || row.status === 'approved' || row.status === 'rejected' || (row.status === 'cancelled' && row.createdAt === null);

/** The project page's visibility (decision 049): a project before creation is only for its creator and operators. */
export function isShownTo(project: Pick<Project, 'status' | 'createdAt' | 'viewerIsCreator'>, viewer: Viewer): boolean {
  return !beforeCreation(project) || (viewer !== null && (viewer.isOperator || project.viewerIsCreator));
}

const decodeCursor = (cursor: string) => decodeJsonCursor(cursor, cursorInvalid);

const isCursorCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 2_147_483_647;

/**
 * The public list's orders (docs/product.md#discovery): each its own keyset, the sort key and the
 * id of a page's last project. A cursor carries its order's name, so one made by another order is
 * refused; `after` answers null for a key the app did not make.
 */
const publicOrders: Record<
  PublicProjectSort,
  { order(query: PublicProjectsQuery): SQL[]; keyOf(view: ProjectView): Record<string, unknown>; after(key: Record<string, unknown>): SQL | null }
> = {
  latest: {
    order: (query) => (query.artistId !== undefined && query.status !== undefined ? projectOrders.newestFirstByArtistStatus : projectOrders.newestFirst),
    keyOf: (view) => ({ id: view.id }),
    after: ({ id }) => (isCursorId(id) ? projectFilters.idBelow(id) : null),
  },
  deadline: {
    order: () => projectOrders.closingSoonest,
    keyOf: (view) => ({ end: view.fundingEndDate, id: view.id }),
    after: ({ end, id }) =>
      typeof end === 'string' && isKstDate(end) && end >= '1970-01-01' && isCursorId(id) ? projectFilters.deadlineAfter(end, id) : null,
  },
  raised: {
    order: () => projectOrders.mostRaised,
    keyOf: (view) => ({ raised: view.raised, id: view.id }),
    after: ({ raised, id }) => (isCursorCount(raised) && isCursorId(id) ? projectFilters.raisedBelow(raised, id) : null),
  },
  orange_value: {
    order: () => projectOrders.mostOrangeValue,
    keyOf: (view) => ({ value: view.kind === 'event' ? Math.floor(view.raised / berryPerOrange) : view.raised, id: view.id }),
    after: ({ value, id }) => (isCursorCount(value) && isCursorId(id) ? projectFilters.orangeValueBelow(value, id) : null),
  },
  backers: {
    order: () => projectOrders.mostBackers,
    keyOf: (view) => ({ backers: view.backers, id: view.id }),
    after: ({ backers, id }) => (isCursorCount(backers) && isCursorId(id) ? projectFilters.backersBelow(backers, id) : null),
  },
};

/** What a public list's shared read depends on (decision 112): never the viewer, only whether they are an operator. */
type PublicListKey = { query: PublicProjectsQuery; isOperator: boolean; followerId: string | null; language: Language };
type SearchKey = { q: string; isOperator: boolean; language: Language };

/** A view read as anyone sees it, with one viewer's own total and like (absent: none). */
const withFields = (view: ProjectView, fields: { contribution: number; liked: boolean } | undefined): ProjectView => ({
  ...view,
  viewerContribution: fields?.contribution ?? 0,
  viewerLiked: fields?.liked ?? false,
});

const searchWord = /[\p{L}\p{N}]+/gu;

/**
 * Which projects a search (already validated: 1–100 characters) finds, folded as the artist
 * search folds (docs/product.md#discovery); null when nothing is left to look for.
 *
 * pg_trgm reads a LIKE pattern's trigrams from its words: a word of three letters or digits, or
 * two words of two (each padded at the space between them), always give one, and the trigram
 * index then reads only the keys holding them. From shorter text (ㄹㅁ, "ab") it reads no trigram
 * and would scan every project's key, so a short search finds the projects of the artists whose
 * names hold it instead: a handful of artists, each reached through the artist indexes.
 */
function searchFilter(q: string): SQL | null {
  const folded = foldForSearch(q.trim());
  const words = (folded.match(searchWord) ?? []).map((word) => [...word].length);
  // Text without a letter or a digit (punctuation, marks alone) names no title and no artist.
  if (words.length === 0) return null;
  const trigrams = words.some((length) => length >= 3) || words.filter((length) => length >= 2).length >= 2;
  return trigrams ? projectFilters.searchKeyHolds(folded) : projectFilters.ofArtistsNamed(folded, searchArtistsLimit);
}

/**
 * Projects as the API answers them (`Project`): one project for a viewer, the lists (mine, the
 * public ones, the operator's queue), search and the share preview. It only reads.
 */
export function createProjectPresenter({ db, clock, files }: { db: Db; clock: Clock; files: FileStore }) {
  const projectViews = prepareProjectViews(db);

  /** The answers for views, private fields by viewer (the views were read for that viewer). */
  function present(views: ProjectView[], viewer: Viewer): Project[] {
    return views.map((view) => {
      const isCreator = viewer !== null && viewer.userId === view.creatorId;
      const seesPrivate = isCreator || (viewer?.isOperator ?? false);
      // docs/product.md#reports: a hidden project's own content (its words, images and links) is
      // withheld from everyone but operators, its creator included, as a hidden comment's body is.
      const withheld = view.hidden && !(viewer?.isOperator ?? false);
      return {
        id: view.id,
        status: view.status as ProjectStatus,
        goal: view.goal,
        raised: view.raised,
        artistId: view.artistId,
        artistNames: view.artistNames,
        purpose: view.purpose as Project['purpose'],
        option: view.option as Project['option'],
        packageId: view.packageId,
        adStartDate: view.adStartDate,
        adEndDate: view.adEndDate,
        fundingStartDate: view.fundingStartDate,
        fundingEndDate: view.fundingEndDate,
        minimumUnit: view.minimumUnit,
        title: withheld ? null : view.title,
        introduction: withheld ? null : view.introduction,
        thumbnailUrl: !withheld && view.thumbnailPath ? files.urlFor(view.thumbnailPath) : null,
        thumbnailSmallUrl: !withheld && view.thumbnailSmallPath ? files.urlFor(view.thumbnailSmallPath) : null,
        youtubeUrl: withheld ? null : view.youtubeUrl,
        xUrl: withheld ? null : view.xUrl,
        creatorXId: withheld ? null : view.creatorXId,
        ...(seesPrivate ? { creatorEmail: view.creatorEmail } : {}),
        creator: { nickname: view.creatorDeleted ? null : view.creatorNickname },
        media: view.media.map((medium) => ({
          mediaId: medium.mediaId,
          name: medium.name ?? '',
          categoryCode: medium.categoryCode ?? '',
          subCategoryCode: medium.subCategoryCode ?? '',
          address: medium.address ?? '',
          latitude: medium.latitude ?? 0,
          longitude: medium.longitude ?? 0,
          priceUnit: medium.priceUnit as 'day' | 'second',
          price: medium.price,
          duration: medium.duration,
          amount: medium.price * medium.duration,
        })),
        rejectionReason: seesPrivate ? view.rejectionReason : null,
        requestedAt: view.requestedAt.toISOString(),
        approvedAt: view.approvedAt?.toISOString() ?? null,
        creationDeadline: view.creationDeadline?.toISOString() ?? null,
        createdAt: view.createdAt?.toISOString() ?? null,
        deposit: view.deposit,
        viewerIsCreator: isCreator,
        kind: view.kind as ProjectKind,
        currency: view.kind === 'event' ? 'berry' : 'orange',
        participantCount: view.participantCount,
        viewerContribution: view.viewerContribution,
        perUserLimit: perUserLimitOf(view.goal),
        closesAt: fundingClosesAt(view.fundingEndDate).toISOString(),
        cancellationReason: view.cancellationReason,
        likeCount: view.likeCount,
        viewerLiked: view.viewerLiked,
        commentCount: view.commentCount,
        hidden: view.hidden,
        photos: withheld ? [] : view.photoPaths.map((path) => files.urlFor(path)),
      };
    });
  }

  /** One keyset page (newest first) of the projects matching `where`. */
  async function listPage(where: SQL | undefined, cursor: string | undefined, limit: number, viewer: Viewer, language: Language) {
    let below;
    if (cursor !== undefined) {
      const { id } = decodeCursor(cursor);
      if (!isCursorId(id)) throw cursorInvalid();
      below = projectFilters.idBelow(id);
    }
    const views = await createProjectsRepository({ db }).listViews(and(where, below), projectOrders.newestFirst, limit + 1, viewer?.userId ?? null, language);
    const page = views.slice(0, limit);
    const last = page.at(-1);
    return {
      items: present(page, viewer),
      nextCursor: views.length > limit && last ? encodeJsonCursor({ id: last.id }) : null,
    };
  }

  /**
   * A public list's page as anyone sees it, one more than asked for (the next page's sign), for a
   * `PublicListKey`: identical lists asked for together share one read (decision 112). The viewer's
   * own figures come after (`withOwnFields`), so every viewer shares the one read.
   */
  const sharedPublicViews = coalesceReads(async (key) => {
    const { query, isOperator, followerId, language } = JSON.parse(key) as PublicListKey;
    const sort = publicOrders[query.sort];
    let after: SQL | undefined;
    if (query.cursor !== undefined) {
      const { sort: cursorSort, ...cursorKey } = decodeCursor(query.cursor);
      after = (cursorSort === query.sort ? sort.after(cursorKey) : null) ?? undefined;
      if (after === undefined) throw cursorInvalid();
    }
    const search = query.q === undefined ? undefined : searchFilter(query.q);
    if (search === null) return [];
    // Only funding projects close: the deadline order lists them (the schema refuses another status with it).
    const funding = query.status === 'funding' || query.sort === 'deadline';
    const where = and(
      projectFilters.listedPublicly(isOperator),
      funding ? projectFilters.funding() : query.status === undefined ? undefined : projectFilters.ofStatus(query.status),
      query.kind === undefined ? undefined : projectFilters.ofKind(query.kind),
      query.artistId === undefined ? undefined : projectFilters.ofArtist(query.artistId),
      followerId === null ? undefined : projectFilters.followedBy(followerId),
      search,
      after,
    );
    return createProjectsRepository({ db }).listViews(where, sort.order(query), (query.limit ?? pageSize) + 1, null, language);
  });

  /** Search's projects as anyone sees them, for a `SearchKey`, shared as the public lists are. */
  const sharedSearchViews = coalesceReads(async (key) => {
    const { q, isOperator, language } = JSON.parse(key) as SearchKey;
    const search = searchFilter(q);
    if (search === null) return [];
    const repository = createProjectsRepository({ db });
    const listed = and(projectFilters.listedPublicly(isOperator), search);
    const funding = await repository.listViews(and(listed, projectFilters.funding()), projectOrders.closingSoonest, searchProjectsLimit, null, language);
    const others =
      funding.length < searchProjectsLimit
        ? await repository.listViews(and(listed, projectFilters.notFunding()), projectOrders.newestFirst, searchProjectsLimit - funding.length, null, language)
        : [];
    return [...funding, ...others];
  });

  /**
   * A signed-out visitor's public list as the route's JSON text, validated by its response schema:
   * identical requests in flight share one answer and one serialization, which was about a third
   * of the API's work per list answer (decision 112).
   */
  const sharedSignedOutAnswers = coalesceJson(myProjectsResponseSchema, (key) => {
    const { query, language } = JSON.parse(key) as { query: PublicProjectsQuery; language: Language };
    return publicPage(query, null, language, null);
  });

  async function publicPage(query: PublicProjectsQuery, viewer: Viewer, language: Language, followerId: string | null) {
    if (query.following && followerId === null) throw unauthenticated();
    const sort = publicOrders[query.sort];
    const key: PublicListKey = { query, isOperator: viewer?.isOperator ?? false, followerId: query.following ? followerId : null, language };
    const views = await sharedPublicViews(JSON.stringify(key));
    const limit = query.limit ?? pageSize;
    const page = await withOwnFields(views.slice(0, limit), viewer);
    const last = page.at(-1);
    return {
      items: present(page, viewer),
      nextCursor: views.length > limit && last ? encodeJsonCursor({ sort: query.sort, ...sort.keyOf(last) }) : null,
    };
  }

  /**
   * Signed-in viewers' own figures for the lists they read: the lists that ask while a statement
   * runs leave together in the next (decision 013), so many fans' Home costs one statement.
   */
  const ownFieldsReader = createBatcher<{ projectId: number; userId: string }[], Map<string, { contribution: number; liked: boolean }>>({
    maxInFlight: 2,
    maxBatchSize: 64,
    run: async (lists) => {
      const own = await createProjectsRepository({ db }).viewerFieldsOf(lists.flat());
      return lists.map(() => own);
    },
  });

  /** Views read as anyone sees them, with a signed-in viewer's own total and like. */
  async function withOwnFields(views: ProjectView[], viewer: Viewer): Promise<ProjectView[]> {
    if (viewer === null || views.length === 0) return views;
    const own = await ownFieldsReader.submit(views.map((view) => ({ projectId: view.id, userId: viewer.userId })));
    return views.map((view) => withFields(view, own.get(`${view.id}:${viewer.userId}`)));
  }

  /** The project as `viewer` sees it, or null when there is none. */
  async function viewOf(projectId: number, viewer: Viewer, language: Language, source: DbOrTx = db): Promise<ProjectView | null> {
    const [view] = await projectViews([projectId], viewer?.userId ?? null, language, source);
    return view ?? null;
  }

  /**
   * Several reads in one statement: each project once as anyone sees it, then the signed-in
   * viewers' own figures (their total, their like) in one more query.
   */
  async function presentTogether(items: { projectId: number; viewer: Viewer }[], language: Language): Promise<(Project | null)[]> {
    const pairs = items.flatMap(({ projectId, viewer }) => (viewer ? [{ projectId, userId: viewer.userId }] : []));
    const [views, own] = await Promise.all([
      projectViews([...new Set(items.map((item) => item.projectId))], null, language),
      pairs.length === 0 ? new Map<string, { contribution: number; liked: boolean }>() : createProjectsRepository({ db }).viewerFieldsOf(pairs),
    ]);
    const viewOfId = new Map(views.map((view) => [view.id, view]));
    return items.map(({ projectId, viewer }) => {
      const view = viewOfId.get(projectId);
      if (!view) return null;
      return present([withFields(view, viewer ? own.get(`${projectId}:${viewer.userId}`) : undefined)], viewer)[0]!;
    });
  }
  const readers = new Map<Language, Batcher<{ projectId: number; viewer: Viewer }, Project | null>>();

  /**
   * The project as `viewer` sees it now, or null when there is none: the project page's read and
   * every participation's answer. Reads that arrive while one runs leave together in the next
   * (decision 057), so each read starts after its caller arrived and shows every write that
   * finished before.
   */
  function presentNow(projectId: number, viewer: Viewer, language: Language): Promise<Project | null> {
    let reader = readers.get(language);
    if (!reader) {
      reader = createBatcher({ maxInFlight: 2, maxBatchSize: 64, run: (items) => presentTogether(items, language) });
      readers.set(language, reader);
    }
    return reader.submit({ projectId, viewer });
  }

  async function presentOne(projectId: number, viewer: Viewer, language: Language, source: DbOrTx = db): Promise<Project> {
    const view = await viewOf(projectId, viewer, language, source);
    if (!view) throw projectNotFound();
    return present([view], viewer)[0]!;
  }

  return {
    present,
    presentOne,
    presentNow,

    /** A project before creation is only for its creator and operators: 404 for anyone else. */
    async get(projectId: number, viewer: Viewer, language: Language): Promise<Project> {
      const project = await presentNow(projectId, viewer, language);
      if (!project || !isShownTo(project, viewer)) throw projectNotFound();
      return project;
    },

    /** The operator's queue: requests oldest first, with how long each has waited. */
    async requestQueue(viewer: NonNullable<Viewer>, { cursor, language }: { cursor?: string; language: Language }) {
      let after;
      if (cursor !== undefined) {
        const { at, id } = decodeCursor(cursor);
        const requestedAt = typeof at === 'string' ? new Date(at) : null;
        if (!requestedAt || !isCursorInstant(requestedAt.getTime()) || !isCursorId(id)) throw cursorInvalid();
        after = projectFilters.requestedAfter(requestedAt, id);
      }
      const views = await createProjectsRepository({ db }).listViews(
        and(projectFilters.requested(), after),
        projectOrders.oldestRequestFirst,
        pageSize + 1,
        viewer.userId,
        language,
      );
      const page = views.slice(0, pageSize);
      const presented = present(page, viewer);
      const now = clock.now().getTime();
      const last = page.at(-1);
      return {
        items: presented.map((project, index) => ({
          project,
          waitedSeconds: Math.max(0, Math.floor((now - page[index]!.requestedAt.getTime()) / 1000)),
        })),
        nextCursor: views.length > pageSize && last ? encodeJsonCursor({ at: last.requestedAt.toISOString(), id: last.id }) : null,
      };
    },

    /**
     * My page lists, newest first: All (created or joined), Participate (joined, the deposit
     * included), Open (created), Event (events joined), Like (liked), Request (before creation).
     */
    async listMine(userId: string, query: { tab: MyProjectTab; artistId?: number; cursor?: string; language: Language }) {
      const mine = {
        all: or(projectFilters.ofCreator(userId), projectFilters.participatedBy(userId)),
        participate: projectFilters.participatedBy(userId),
        open: and(projectFilters.ofCreator(userId), projectFilters.created()),
        event: and(projectFilters.participatedBy(userId), projectFilters.ofKind('event')),
        like: likedByFilter(projects.id, userId),
        request: and(projectFilters.ofCreator(userId), projectFilters.beforeCreation()),
      }[query.tab];
      return listPage(and(mine, query.artistId === undefined ? undefined : projectFilters.ofArtist(query.artistId)), query.cursor, pageSize, { userId, isOperator: false }, query.language);
    },

    /**
     * The My projects artist filter (docs/product.md#screens): every artist the user has a project
     * with, requested or created, joined or liked, followed or not.
     */
    async listMyArtists(userId: string) {
      const mine = or(projectFilters.ofCreator(userId), projectFilters.participatedBy(userId), likedByFilter(projects.id, userId));
      return { items: await createProjectsRepository({ db }).artistsOf(mine) };
    },

    /** What a shared link to a created, visible project shows (docs/product.md#sharing); null for anything else. */
    async sharePreview(projectId: number, language: Language, publicUrl: URL) {
      const view = await viewOf(projectId, null, language);
      if (!view || view.createdAt === null || !view.title) return null;
      const [project] = present([view], null);
      // A hidden project's title and thumbnail are withheld (docs/product.md#reports): no preview at all.
      if (!project || project.hidden || project.title === null) return null;
      const artist = project.artistNames[language] || project.artistNames.en;
      return {
        title: project.title,
        description: `${artist} · ${project.introduction ?? ''}`,
        imageUrl: project.thumbnailUrl ? new URL(project.thumbnailUrl, publicUrl).href : null,
        ...(projectPictureSrcset(project) ? { picture: { srcset: projectPictureSrcset(project)!, sizes: projectPictureSizes } } : {}),
      };
    },

    /**
     * The public lists (Home's tabs, artist pages, the Event tab; docs/product.md#discovery): what
     * `listedPublicly` lets through, filtered, in one of four orders, a keyset page at a time.
     * `followerId` is the signed-in user's id when the list is of the artists they follow.
     */
    listPublic(query: PublicProjectsQuery, viewer: Viewer, language: Language, followerId: string | null = null) {
      return publicPage(query, viewer, language, followerId);
    },

    /** `listPublic` for a signed-out visitor, as the JSON text of the route's answer. */
    listPublicJson(query: PublicProjectsQuery, language: Language): Promise<string> {
      return sharedSignedOutAnswers(JSON.stringify({ query, language }));
    },

    /**
     * Search's projects (docs/product.md#discovery): funding ones first, closing soonest, then
     * the others newest first, at most `searchProjectsLimit` in all.
     */
    async search(q: string, viewer: Viewer, language: Language): Promise<Project[]> {
      const key: SearchKey = { q, isOperator: viewer?.isOperator ?? false, language };
      return present(await withOwnFields(await sharedSearchViews(JSON.stringify(key)), viewer), viewer);
    },
  };
}

export type ProjectPresenter = ReturnType<typeof createProjectPresenter>;
