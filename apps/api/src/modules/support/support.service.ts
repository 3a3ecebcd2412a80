import {
  faqCategories,
  isInquiryEmail,
  type FaqCategory,
  type FaqResponse,
  type Inquiry,
  type InquiryFields,
  type Language,
  type OperatorFaqEntry,
  type OperatorInquiry,
} from '@orchard/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { reencodeImageWithinAsWebp } from '../../lib/images.ts';
import type { PrivateFileStore } from './support.files.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { PointsService } from '../points/points.service.ts';
import { projectReferencesAmong } from '../projects/projects.service.ts';
import {
  faqEntryNotFound,
  inquiriesCursorInvalid,
  inquiryAlreadyAnswered,
  inquiryImageNotFound,
  inquiryNotFound,
  inquiryProjectNotFound,
  inquiryTransactionNotFound,
  invalidEmail,
} from './support.errors.ts';
import { createSupportRepository } from './support.repository.ts';
import type { FaqEntryRow, InquiryRow, FaqText } from './support.table.ts';

/** Inquiry images are kept whole, shrunk to fit within this many pixels a side (docs/product.md#inquiries). */
export const inquiryImageMaxSide = 2560;
/** Retention (docs/product.md#inquiries): the images 180 days, the inquiry itself 3 years. */
export const inquiryImageRetentionDays = 180;
export const inquiryRetentionYears = 3;
/** Rows a retention sweep handles per statement. */
const sweepBatch = 200;

/** The FAQ categories' names, in the five languages (docs/product.md#faq). */
export const faqCategoryNames: Record<FaqCategory, FaqText> = {
  FAQC001: { ko: '광고 응원', en: 'Ad support', zh: '应援广告', ja: '応援広告', es: 'Anuncios de apoyo' },
  FAQC002: { ko: '결제/환불', en: 'Payment and refunds', zh: '支付/退款', ja: '決済・払い戻し', es: 'Pagos y reembolsos' },
  FAQC003: { ko: '이용 방법', en: 'Using Orchard', zh: '使用方法', ja: 'ご利用方法', es: 'Uso de Orchard' },
  FAQC004: { ko: '이벤트', en: 'Events', zh: '活动', ja: 'イベント', es: 'Eventos' },
  FAQC005: { ko: '기타', en: 'Other', zh: '其他', ja: 'その他', es: 'Otros' },
};

/** What the mail module offers (helper G's outbox): a mail written inside the caller's transaction. */
export type MailOutbox = {
  enqueueWithin(
    tx: DbOrTx,
    mail: { to: string; userId: string | null; language: Language; template: 'inquiry_answered'; data: { inquiryTitle: string; answer: string; nickname: string } },
  ): Promise<unknown>;
};

export type SupportDeps = {
  db: Db;
  clock: Clock;
  /** A store never served under /api/files/: inquiry images are read only through their route (docs/quality.md#s1). */
  privateFiles: PrivateFileStore;
  notifications: Pick<NotificationsService, 'notifyWithin'>;
  mail?: MailOutbox;
  /** The linked point transactions, read from the ledger (points module). */
  points: Pick<PointsService, 'transactionSummariesOf'>;
  audit: (tx: DbOrTx, entry: { operatorId: string; action: string; projectId: number | null; before: unknown; after: unknown }) => Promise<void>;
};

const imageUrl = (inquiryId: number, imageId: number) => `/api/inquiries/${inquiryId}/images/${imageId}`;

function toInquiry(row: InquiryRow, images: { id: number; inquiryId: number }[]): Inquiry {
  return {
    id: row.id,
    status: row.status as Inquiry['status'],
    nickname: row.nickname,
    email: row.email,
    category: row.category as FaqCategory,
    title: row.title,
    content: row.content,
    projectId: row.projectId,
    transactionId: row.transactionId === null ? null : String(row.transactionId),
    images: images.filter((image) => image.inquiryId === row.id).map((image) => ({ id: image.id, url: imageUrl(row.id, image.id) })),
    answer: row.answer,
    answeredAt: row.answeredAt ? row.answeredAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toOperatorFaqEntry(row: FaqEntryRow): OperatorFaqEntry {
  return {
    id: row.id,
    category: row.category as FaqCategory,
    position: row.position,
    question: row.question,
    answer: row.answer,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `now` less whole calendar years (UTC), the content's retention edge. */
function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Customer support (docs/product.md#faq, docs/product.md#inquiries): the FAQ, a fan's inquiries
 * with their images, the operators' inbox and answer (mailed through the outbox and notified in
 * the same transaction), and the retention sweeps.
 */
export function createSupportService({ db, clock, privateFiles, notifications, mail, points, audit }: SupportDeps) {
  const repository = createSupportRepository({ db });

  const withImages = async (rows: InquiryRow[]) => {
    const images = await repository.imagesOf(rows.map((row) => row.id));
    return rows.map((row) => toInquiry(row, images));
  };

  /**
   * Inquiries as the inbox lists them: with how long each waited, its project's title and its
   * linked transaction, read from their owners' services in one call each for the whole page.
   */
  const inboxItemsOf = async (rows: InquiryRow[], now: Date): Promise<OperatorInquiry[]> => {
    const inquiries = await withImages(rows);
    const projectIds = rows.flatMap((row) => (row.projectId === null ? [] : [row.projectId]));
    const transactionIds = rows.flatMap((row) => (row.transactionId === null ? [] : [row.transactionId]));
    const [references, transactions] = await Promise.all([projectReferencesAmong(db, [...new Set(projectIds)]), points.transactionSummariesOf(transactionIds)]);
    const titles = new Map(references.map((project) => [project.id, project.title]));
    return rows.map((row, index) => {
      const transaction = row.transactionId === null ? undefined : transactions.get(row.transactionId);
      return {
        ...inquiries[index]!,
        // Waiting until answered: an answered one shows how long it waited.
        waitingSeconds: Math.max(0, Math.floor(((row.answeredAt ?? now).getTime() - row.createdAt.getTime()) / 1000)),
        projectTitle: row.projectId === null ? null : (titles.get(row.projectId) ?? null),
        transaction: transaction
          ? {
              type: transaction.type,
              reason: transaction.reason,
              currency: transaction.currency,
              amount: transaction.amount,
              projectId: transaction.projectId,
              createdAt: transaction.createdAt.toISOString(),
            }
          : null,
      };
    });
  };

  return {
    async faq(language: Language): Promise<FaqResponse> {
      const rows = await repository.faqEntries();
      return {
        categories: faqCategories.map((code) => ({
          code,
          name: faqCategoryNames[code][language],
          questions: rows.filter((row) => row.category === code).map((row) => ({ id: row.id, question: row.question[language], answer: row.answer[language] })),
        })),
      };
    },

    async operatorFaq(): Promise<{ items: OperatorFaqEntry[] }> {
      return { items: (await repository.faqEntries()).map(toOperatorFaqEntry) };
    },

    /** An operator's edit of one entry, in all five languages at once, audit-logged with before and after. */
    async updateFaqEntry(operatorId: string, entryId: number, body: { question: FaqText; answer: FaqText }): Promise<OperatorFaqEntry> {
      return db.transaction(async (tx) => {
        const changed = await createSupportRepository({ db: tx }).updateFaqEntry(entryId, { ...body, updatedBy: operatorId, updatedAt: clock.now() });
        if (!changed) throw faqEntryNotFound();
        const entry = toOperatorFaqEntry(changed.after);
        await audit(tx, {
          operatorId,
          action: 'faq.update',
          projectId: null,
          before: { id: entryId, question: changed.before.question, answer: changed.before.answer },
          after: { id: entryId, question: entry.question, answer: entry.answer },
        });
        return entry;
      });
    },

    /**
     * A fan's inquiry: the email checked, a linked project or the fan's own point transaction
     * checked, every image re-encoded (sniffed, pixel budget, EXIF gone) before anything is
     * stored, then the row and its images in one transaction. A refusal stores nothing.
     */
    async createInquiry(userId: string, fields: InquiryFields, images: Buffer[]): Promise<{ id: number; status: 'open' }> {
      if (!isInquiryEmail(fields.email)) throw invalidEmail();
      const transactionId = fields.transactionId === undefined ? null : Number(fields.transactionId);
      if (fields.projectId !== undefined && (await projectReferencesAmong(db, [fields.projectId])).length === 0) throw inquiryProjectNotFound();
      if (transactionId !== null && (await points.transactionSummariesOf([transactionId])).get(transactionId)?.userId !== userId) throw inquiryTransactionNotFound();
      const encoded: Buffer[] = [];
      for (const bytes of images) encoded.push(await reencodeImageWithinAsWebp(bytes, inquiryImageMaxSide));
      const keys: string[] = [];
      try {
        for (const bytes of encoded) keys.push(await privateFiles.save('inquiry-images', 'webp', bytes));
        const language = ((await repository.userLanguage(userId)) ?? 'ko') as Language;
        const row = await db.transaction((tx) =>
          createSupportRepository({ db: tx }).insertInquiry(
            {
              userId,
              nickname: fields.nickname,
              email: fields.email,
              category: fields.category,
              title: fields.title,
              content: fields.content,
              projectId: fields.projectId ?? null,
              transactionId,
              language,
              status: 'open',
              createdAt: clock.now(),
            },
            keys,
          ),
        );
        return { id: row.id, status: 'open' };
      } catch (error) {
        await Promise.all(keys.map((key) => privateFiles.remove(key)));
        throw error;
      }
    },

    async listMine(userId: string, { cursor, limit = 20 }: { cursor?: string; limit?: number }) {
      const beforeId = cursor === undefined ? undefined : decodeCursor(cursor, 'before', { min: 1, max: Number.MAX_SAFE_INTEGER }, inquiriesCursorInvalid);
      const rows = await repository.listForUser(userId, beforeId, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return { items: await withImages(page), nextCursor: rows.length > limit && last ? encodeCursor('before', last.id) : null };
    },

    /** An inquiry's image, to its author and to operators only; anyone else gets the 404 of an absent one (docs/quality.md#s1). */
    async image(viewer: { userId: string; isOperator: boolean }, inquiryId: number, imageId: number): Promise<Buffer> {
      const image = await repository.image(inquiryId, imageId);
      if (!image || (!viewer.isOperator && image.userId !== viewer.userId)) throw inquiryImageNotFound();
      const bytes = await privateFiles.read(image.storageKey);
      if (!bytes) throw inquiryImageNotFound();
      return bytes;
    },

    /** The operators' inbox: oldest first, with how long each has waited and its project's title. */
    async inbox({ status, cursor, limit = 20 }: { status: 'open' | 'answered'; cursor?: string; limit?: number }) {
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor, 'after', { min: 1, max: Number.MAX_SAFE_INTEGER }, inquiriesCursorInvalid);
      const rows = await repository.listByStatus(status, afterId, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: await inboxItemsOf(page, clock.now()),
        nextCursor: rows.length > limit && last ? encodeCursor('after', last.id) : null,
      };
    },

    /**
     * An operator's answer: the inquiry marked answered, the fan notified, the mail to the
     * inquiry's email put in the outbox, and the audit entry, all in one transaction, so an answer
     * is mailed and notified exactly when it is recorded. A second answer is refused.
     */
    async answer(operatorId: string, inquiryId: number, answer: string): Promise<OperatorInquiry> {
      const now = clock.now();
      const row = await db.transaction(async (tx) => {
        const tr = createSupportRepository({ db: tx });
        const inquiry = await tr.lockInquiry(inquiryId);
        if (!inquiry) throw inquiryNotFound();
        if (inquiry.status === 'answered') throw inquiryAlreadyAnswered();
        const answered = await tr.answer(inquiryId, { answer, answeredBy: operatorId, answeredAt: now });
        await notifications.notifyWithin(tx, { userId: inquiry.userId, kind: 'inquiry_answered', projectId: null, params: { inquiryId } });
        await mail?.enqueueWithin(tx, {
          to: inquiry.email,
          userId: inquiry.userId,
          language: inquiry.language as Language,
          template: 'inquiry_answered',
          data: { inquiryTitle: inquiry.title, answer, nickname: inquiry.nickname },
        });
        await audit(tx, { operatorId, action: 'inquiry.answer', projectId: inquiry.projectId, before: { id: inquiryId, status: 'open' }, after: { id: inquiryId, status: 'answered' } });
        return answered;
      });
      const [inquiry] = await inboxItemsOf([row], now);
      return inquiry!;
    },

    /** Retention (docs/product.md#inquiries): images stored 180 days ago or earlier are deleted, files first. */
    async purgeExpiredImages(): Promise<{ deleted: number }> {
      const cutoff = new Date(clock.now().getTime() - inquiryImageRetentionDays * 86_400_000);
      let deleted = 0;
      for (;;) {
        const due = await repository.imagesDue(cutoff, sweepBatch);
        if (due.length === 0) return { deleted };
        for (const image of due) await privateFiles.remove(image.storageKey);
        await repository.deleteImages(due.map((image) => image.id));
        deleted += due.length;
      }
    },

    /** Retention: inquiries sent 3 years ago or earlier are deleted whole (their images with them). */
    async purgeExpiredInquiries(): Promise<{ deleted: number }> {
      const cutoff = yearsBefore(clock.now(), inquiryRetentionYears);
      let deleted = 0;
      for (;;) {
        const ids = await repository.inquiriesDue(cutoff, sweepBatch);
        if (ids.length === 0) return { deleted };
        for (const image of await repository.imagesOf(ids)) await privateFiles.remove(image.storageKey);
        await repository.deleteInquiries(ids);
        deleted += ids.length;
      }
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
