import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { languageSchema } from './locale.ts';
import { withoutControlCharacters } from './safe-text.ts';

/**
 * Customer support (docs/product.md#faq, docs/product.md#inquiries): the FAQ by category, the
 * fans' inquiries and the operators' inbox.
 */
export const faqCategories = ['FAQC001', 'FAQC002', 'FAQC003', 'FAQC004', 'FAQC005'] as const;
export type FaqCategory = (typeof faqCategories)[number];
export const faqCategorySchema = z.enum(faqCategories);

/** Inquiry limits (docs/product.md#inquiries). */
export const inquiryImagesMax = 5;
export const inquiryImageMaxBytes = 20 * 1024 * 1024;
export const inquiryTitleMax = 100;
export const inquiryContentMax = 5_000;
export const inquiryNicknameMax = 30;
export const inquiryAnswerMax = 10_000;
export const faqQuestionMax = 300;
export const faqAnswerMax = 5_000;

export const faqQuerySchema = z.strictObject({ lang: languageSchema.optional() });

export const faqQuestionSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export const faqResponseSchema = z.object({
  categories: z.array(z.object({ code: faqCategorySchema, name: z.string(), questions: z.array(faqQuestionSchema) })),
});
export type FaqResponse = z.infer<typeof faqResponseSchema>;

const trimmed = (max: number, { multiline = false, min = 1 }: { multiline?: boolean; min?: number } = {}) =>
  z
    .string()
    .max(max * 4)
    .transform((value) => value.trim())
    .pipe(withoutControlCharacters(z.string().min(min).max(max), { multiline }));

/** A text in the five languages, as operators edit it. */
const localizedTextSchema = (max: number) =>
  z.strictObject({ ko: trimmed(max, { multiline: true }), en: trimmed(max, { multiline: true }), zh: trimmed(max, { multiline: true }), ja: trimmed(max, { multiline: true }), es: trimmed(max, { multiline: true }) });

export const operatorFaqEntrySchema = z.object({
  id: z.number().int(),
  category: faqCategorySchema,
  position: z.number().int(),
  question: z.object({ ko: z.string(), en: z.string(), zh: z.string(), ja: z.string(), es: z.string() }),
  answer: z.object({ ko: z.string(), en: z.string(), zh: z.string(), ja: z.string(), es: z.string() }),
  updatedAt: z.string(),
});
export type OperatorFaqEntry = z.infer<typeof operatorFaqEntrySchema>;
export const operatorFaqResponseSchema = z.object({ items: z.array(operatorFaqEntrySchema) });
export const faqEntryIdParamsSchema = z.strictObject({ entryId: decimalIntegerParam(1, 2_147_483_647) });
export const faqEntryBodySchema = z.strictObject({ question: localizedTextSchema(faqQuestionMax), answer: localizedTextSchema(faqAnswerMax) });
export const faqEntryResponseSchema = z.object({ entry: operatorFaqEntrySchema });

/** The text fields of an inquiry, sent as multipart fields beside its images. */
export const inquiryFieldsSchema = z.strictObject({
  nickname: trimmed(inquiryNicknameMax),
  email: z
    .string()
    .max(1000)
    .transform((value) => value.trim()),
  category: faqCategorySchema,
  title: trimmed(inquiryTitleMax),
  content: trimmed(inquiryContentMax, { multiline: true }),
  projectId: decimalIntegerParam(1, 2_147_483_647).optional(),
  transactionId: z.string().regex(/^[0-9]{1,15}$/).optional(),
});
export type InquiryFields = z.infer<typeof inquiryFieldsSchema>;

/** The same check as the API's: what the form says before sending ("Invalid email format."). */
export const isInquiryEmail = (value: string) => value.length <= 254 && z.email().safeParse(value).success;

export const inquiryStatuses = ['open', 'answered'] as const;
export type InquiryStatus = (typeof inquiryStatuses)[number];

export const inquiryImageSchema = z.object({ id: z.number().int(), url: z.string() });
export const inquirySchema = z.object({
  id: z.number().int(),
  status: z.enum(inquiryStatuses),
  nickname: z.string(),
  email: z.string(),
  category: faqCategorySchema,
  title: z.string(),
  content: z.string(),
  projectId: z.number().int().nullable(),
  transactionId: z.string().nullable(),
  /** The images while kept (180 days); an empty list afterwards. */
  images: z.array(inquiryImageSchema),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryCreatedResponseSchema = z.object({ inquiry: z.object({ id: z.number().int(), status: z.enum(inquiryStatuses) }) });
export const inquiriesQuerySchema = z.strictObject({ cursor: z.string().max(100).optional(), limit: decimalIntegerParam(1, 50).optional() });
export const inquiriesResponseSchema = z.object({ items: z.array(inquirySchema), nextCursor: z.string().nullable() });

export const operatorInquirySchema = inquirySchema.extend({
  /** Seconds since it was sent, when it was listed. */
  waitingSeconds: z.number().int(),
  /** The linked project's title (null without a project, or before it was created). */
  projectTitle: z.string().nullable(),
  /** The linked point transaction as the fan's history shows it, or null. */
  transaction: z
    .object({ type: z.string(), reason: z.string(), currency: z.enum(['orange', 'berry']), amount: z.number().int(), projectId: z.number().int().nullable(), createdAt: z.string() })
    .nullable(),
});
export type OperatorInquiry = z.infer<typeof operatorInquirySchema>;
export const operatorInquiriesQuerySchema = z.strictObject({
  status: z.enum(inquiryStatuses).default('open'),
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, 50).optional(),
});
export const operatorInquiriesResponseSchema = z.object({ items: z.array(operatorInquirySchema), nextCursor: z.string().nullable() });
export const inquiryIdParamsSchema = z.strictObject({ inquiryId: decimalIntegerParam(1, 2_147_483_647) });
export const inquiryImageParamsSchema = z.strictObject({ inquiryId: decimalIntegerParam(1, 2_147_483_647), imageId: decimalIntegerParam(1, 2_147_483_647) });
export const inquiryAnswerBodySchema = z.strictObject({ answer: trimmed(inquiryAnswerMax, { multiline: true }) });
export const inquiryAnswerResponseSchema = z.object({ inquiry: operatorInquirySchema });
