import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { faqEntries, inquiries, inquiryImages, type FaqText } from './support.table.ts';

/** SQL of the FAQ and the inquiries (docs/product.md#faq, docs/product.md#inquiries). */
export function createSupportRepository({ db }: { db: DbOrTx }) {
  return {
    faqEntries() {
      return db.select().from(faqEntries).orderBy(asc(faqEntries.category), asc(faqEntries.position), asc(faqEntries.id));
    },

    async updateFaqEntry(id: number, values: { question: FaqText; answer: FaqText; updatedBy: string; updatedAt: Date }) {
      const [before] = await db.select().from(faqEntries).where(eq(faqEntries.id, id)).for('update');
      if (!before) return null;
      const [after] = await db.update(faqEntries).set(values).where(eq(faqEntries.id, id)).returning();
      return { before, after: after! };
    },

    userLanguage(userId: string) {
      return db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0]?.language ?? null);
    },

    async insertInquiry(values: typeof inquiries.$inferInsert, imageKeys: string[]) {
      const [row] = await db.insert(inquiries).values(values).returning();
      if (imageKeys.length > 0) {
        await db
          .insert(inquiryImages)
          .values(imageKeys.map((storageKey, position) => ({ inquiryId: row!.id, position, storageKey, createdAt: values.createdAt })));
      }
      return row!;
    },

    /** The user's inquiries, newest first, before id `beforeId`. */
    listForUser(userId: string, beforeId: number | undefined, limit: number) {
      return db
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.userId, userId), beforeId === undefined ? undefined : lt(inquiries.id, beforeId)))
        .orderBy(desc(inquiries.id))
        .limit(limit);
    },

    /** The inbox: oldest first, after id `afterId`. */
    listByStatus(status: 'open' | 'answered', afterId: number | undefined, limit: number) {
      return db
        .select()
        .from(inquiries)
        .where(and(eq(inquiries.status, status), afterId === undefined ? undefined : gt(inquiries.id, afterId)))
        .orderBy(asc(inquiries.id))
        .limit(limit);
    },

    imagesOf(inquiryIds: number[]) {
      if (inquiryIds.length === 0) return Promise.resolve([]);
      return db
        .select({ id: inquiryImages.id, inquiryId: inquiryImages.inquiryId, storageKey: inquiryImages.storageKey })
        .from(inquiryImages)
        .where(inArray(inquiryImages.inquiryId, inquiryIds))
        .orderBy(asc(inquiryImages.inquiryId), asc(inquiryImages.position));
    },

    image(inquiryId: number, imageId: number) {
      return db
        .select({ storageKey: inquiryImages.storageKey, userId: inquiries.userId })
        .from(inquiryImages)
        .innerJoin(inquiries, eq(inquiries.id, inquiryImages.inquiryId))
        .where(and(eq(inquiryImages.id, imageId), eq(inquiryImages.inquiryId, inquiryId)))
        .then((rows) => rows[0] ?? null);
    },

    lockInquiry(inquiryId: number) {
      return db
        .select()
        .from(inquiries)
        .where(eq(inquiries.id, inquiryId))
        .for('update')
        .then((rows) => rows[0] ?? null);
    },

    async answer(inquiryId: number, values: { answer: string; answeredBy: string; answeredAt: Date }) {
      const [row] = await db
        .update(inquiries)
        .set({ ...values, status: 'answered' })
        .where(eq(inquiries.id, inquiryId))
        .returning();
      return row!;
    },

    /** Up to `limit` image rows stored at or before `cutoff`, oldest first (the attachment sweep). */
    imagesDue(cutoff: Date, limit: number) {
      return db
        .select({ id: inquiryImages.id, storageKey: inquiryImages.storageKey })
        .from(inquiryImages)
        .where(lte(inquiryImages.createdAt, cutoff))
        .orderBy(asc(inquiryImages.createdAt), asc(inquiryImages.id))
        .limit(limit);
    },

    deleteImages(ids: number[]) {
      return db.delete(inquiryImages).where(inArray(inquiryImages.id, ids));
    },

    /** Up to `limit` inquiries sent at or before `cutoff`, with their remaining images' keys. */
    async inquiriesDue(cutoff: Date, limit: number) {
      const rows = await db
        .select({ id: inquiries.id })
        .from(inquiries)
        .where(lte(inquiries.createdAt, cutoff))
        .orderBy(asc(inquiries.createdAt), asc(inquiries.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    deleteInquiries(ids: number[]) {
      return db.delete(inquiries).where(inArray(inquiries.id, ids));
    },

    countOpen() {
      return db
        .select({ count: sql<number>`count(*)::int` })
        .from(inquiries)
        .where(eq(inquiries.status, 'open'))
        .then((rows) => rows[0]?.count ?? 0);
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
