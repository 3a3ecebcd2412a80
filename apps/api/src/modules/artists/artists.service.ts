import { coalesceReads } from '../../db/coalesce.ts';
import { foldForSearch, minimumFollowedArtists, type Artist, type ArtistType } from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { encodeCursor, decodeCursor } from '../../lib/cursor.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/storage.ts';
import { artistNotFound, followingRequired } from './artists.errors.ts';
import { createArtistsRepository, prepareArtistPages, type ArtistPageRow, type ArtistRow } from './artists.repository.ts';

/** The artists list's keyset cursor: the last artist id of the page (lib/cursor.ts). */
export const encodeArtistCursor = (lastId: number) => encodeCursor('after', lastId);
export const decodeArtistCursor = (cursor: string) => decodeCursor(cursor, 'after', { min: 0, max: 2_147_483_647 });

/**
 * What other modules read of artists (docs/decisions/093-what-modules-read-of-each-other.md,
 * 102-the-projects-view-from-its-owners.md): their names and their followers, within the caller's
 * transaction where it passes one, and pieces of SQL for the caller's own query.
 */
export const artistNamesOf = (db: DbOrTx, artistId: number) => createArtistsRepository({ db }).namesOf(artistId);
export const followerIdsOf = (db: DbOrTx, artistId: number) => createArtistsRepository({ db }).followerIdsOf(artistId);
export { amongFollowedArtists, artistJoinText, artistNamesAmong, artistNamesProbe, artistsNamedFilter, followedArtistFilter } from './artists.repository.ts';

export type FollowResult = { artistId: number; following: boolean; followingCount: number };

/**
 * An account joined without the join's steps (the sample operator) follows the first artist, as
 * a joined account must (docs/product.md#accounts), from `at`; none when there is no artist yet.
 */
export async function followFirstArtistWithin(tx: DbOrTx, userId: string, at: Date) {
  const repository = createArtistsRepository({ db: tx });
  const firstId = await repository.firstId();
  if (firstId === undefined) return;
  await repository.adjustFollowerCounts(await repository.insertFollows(userId, [firstId], at), 1);
}

export function createArtistsService({ db, clock, files }: { db: Db; clock: Clock; files: FileStore }) {
  const artistPage = prepareArtistPages(db);

  const toArtist = (row: ArtistPageRow): Artist => ({
    id: row.id,
    type: row.type as ArtistType,
    names: row.names,
    imageUrl: row.imagePath ? files.urlFor(row.imagePath) : null,
    members: row.members,
    following: row.following,
  });

  /** Members and the viewer's follows for a whole page: two queries, whatever the page size. */
  async function present(rows: ArtistRow[], viewerId: string | null, source: DbOrTx = db): Promise<Artist[]> {
    const repository = createArtistsRepository({ db: source });
    const ids = rows.map((row) => row.id);
    const [members, followed] = await Promise.all([
      repository.membersOf(ids),
      viewerId ? repository.followedAmong(viewerId, ids) : Promise.resolve(new Set<number>()),
    ]);
    return rows.map((row) =>
      toArtist({
        ...row,
        members: members.filter((member) => member.artistId === row.id).map(({ id, names }) => ({ id, names })),
        following: followed.has(row.id),
      }),
    );
  }

  /**
   * Adds follows inside the caller's transaction, after the caller locked the user's row; keeps
   * each artist's follower count in step. Unknown artist ids are skipped; answers the ids added.
   */
  async function followWithin(tx: DbOrTx, userId: string, artistIds: number[]): Promise<number[]> {
    const repository = createArtistsRepository({ db: tx });
    const existing = await repository.existingIds([...new Set(artistIds)]);
    const added = await repository.insertFollows(userId, existing.sort((a, b) => a - b), clock.now());
    await repository.adjustFollowerCounts(added, 1);
    return added;
  }

  async function listPage({ q, cursor, limit, viewerId }: { q?: string; cursor?: string; limit: number; viewerId: string | null }) {
    const foldedSearch = q === undefined ? undefined : foldForSearch(q.trim());
    const afterId = cursor === undefined ? undefined : decodeArtistCursor(cursor);
    const rows = await artistPage({ foldedSearch, afterId, limit: limit + 1, viewerId });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      items: page.map(toArtist),
      nextCursor: rows.length > limit && last ? encodeArtistCursor(last.id) : null,
    };
  }
  const sharedListPage = coalesceReads((key) => listPage(JSON.parse(key) as Parameters<typeof listPage>[0]));

  return {
    /** A page of artists; the same page asked for together (by the same viewer) is read once (decision 057). */
    list(query: { q?: string; cursor?: string; limit: number; viewerId: string | null }) {
      return sharedListPage(JSON.stringify(query));
    },

    async get(artistId: number, viewerId: string | null): Promise<Artist> {
      const row = await createArtistsRepository({ db }).findById(artistId);
      if (!row) throw artistNotFound();
      const [artist] = await present([row], viewerId);
      return artist!;
    },

    async listFollowing(userId: string) {
      const rows = await createArtistsRepository({ db }).followedBy(userId);
      return { items: await present(rows, userId) };
    },

    /** Idempotent: following an artist already followed changes nothing. */
    async follow(userId: string, artistId: number): Promise<FollowResult> {
      return db.transaction(async (tx) => {
        const repository = createArtistsRepository({ db: tx });
        if (!(await repository.lockFollower(userId))) throw unauthenticated();
        if (!(await repository.findById(artistId))) throw artistNotFound();
        await followWithin(tx, userId, [artistId]);
        return { artistId, following: true, followingCount: await repository.countFollowedBy(userId) };
      });
    },

    /**
     * Idempotent, but the last followed artist stays (docs/product.md#screens). The count is taken under the
     * user's row lock, so two concurrent unfollows of the last two cannot both pass it.
     */
    async unfollow(userId: string, artistId: number): Promise<FollowResult> {
      return db.transaction(async (tx) => {
        const repository = createArtistsRepository({ db: tx });
        if (!(await repository.lockFollower(userId))) throw unauthenticated();
        if (!(await repository.findById(artistId))) throw artistNotFound();
        const isFollowing = (await repository.followedAmong(userId, [artistId])).has(artistId);
        const followingCount = await repository.countFollowedBy(userId);
        if (!isFollowing) return { artistId, following: false, followingCount };
        if (followingCount - 1 < minimumFollowedArtists) throw followingRequired();
        const removed = await repository.deleteFollows(userId, [artistId]);
        await repository.adjustFollowerCounts(removed, -1);
        return { artistId, following: false, followingCount: followingCount - removed.length };
      });
    },

    followWithin,

    countFollowedWithin: (tx: DbOrTx, userId: string) => createArtistsRepository({ db: tx }).countFollowedBy(userId),

    /** Account deletion: every follow goes, and the artists' follower counts with them. */
    async removeAllFollowsWithin(tx: DbOrTx, userId: string) {
      const repository = createArtistsRepository({ db: tx });
      const removed = await repository.deleteFollows(userId);
      await repository.adjustFollowerCounts(removed.sort((a, b) => a - b), -1);
    },
  };
}

export type ArtistsService = ReturnType<typeof createArtistsService>;
