import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { withoutControlCharacters } from './safe-text.ts';

/** docs/product.md#comments: 1–1,000 characters after trimming; line breaks and tabs allowed, other control characters not. */
export const commentBodyMax = 1_000;
/** docs/product.md#reports: the free-text detail of REPR006 ("other"). */
export const reportDetailMax = 500;
export const reportReasons = ['REPR001', 'REPR002', 'REPR003', 'REPR004', 'REPR005', 'REPR006'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportTargetTypes = ['project', 'comment', 'film', 'post'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportDecisionActions = ['hide', 'restore', 'dismiss'] as const;
export type ReportDecisionAction = (typeof reportDecisionActions)[number];

export const commentBodySchema = z.strictObject({
  body: z
    .string()
    .max(commentBodyMax * 4)
    .transform((value) => value.trim())
    .pipe(withoutControlCharacters(z.string().min(1).max(commentBodyMax), { multiline: true })),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  /** null when an operator hid the comment (operators still see it). */
  body: z.string().nullable(),
  hidden: z.boolean(),
  /** nickname null once the author's account is deleted. */
  author: z.object({ nickname: z.string().nullable(), profileImageUrl: z.string().nullable() }),
  createdAt: z.string(),
  viewerIsAuthor: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentsQuerySchema = z.strictObject({
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, 50).optional(),
});
export const commentsResponseSchema = z.object({ items: z.array(commentSchema), nextCursor: z.string().nullable() });
export const commentResponseSchema = z.object({ comment: commentSchema });
export const commentIdParamsSchema = z.strictObject({ commentId: decimalIntegerParam(1, Number.MAX_SAFE_INTEGER) });

/** The things people comment on and like, one module for all (docs/decisions/075-one-community-module-for-every-target.md). */
export const communityTargetTypes = ['project', 'film', 'post'] as const;
export type CommunityTargetType = (typeof communityTargetTypes)[number];
export const filmIdParamsSchema = z.strictObject({ filmId: decimalIntegerParam(1, Number.MAX_SAFE_INTEGER) });
export const postIdParamsSchema = z.strictObject({ postId: decimalIntegerParam(1, Number.MAX_SAFE_INTEGER) });

/** docs/product.md#community: a post's text, 1–2,000 characters after trimming, line breaks kept. */
export const postTextMax = 2_000;
/** docs/product.md#community: at most four images a post, each at most this many bytes. */
export const postImagesMax = 4;
export const postImageMaxBytes = 10 * 1024 * 1024;
export const postTextSchema = z
  .string()
  .max(postTextMax * 4)
  .transform((value) => value.trim())
  .pipe(withoutControlCharacters(z.string().min(1).max(postTextMax), { multiline: true }));
/** The multipart form's text field, and PATCH's JSON body. */
export const postTextBodySchema = z.strictObject({ text: postTextSchema });

export const postSchema = z.object({
  id: z.number().int(),
  artistId: z.number().int(),
  /** null when an operator hid the post (operators still see it; everyone else does not get it in lists). */
  text: z.string().nullable(),
  /** Re-encoded WebP images, in the order sent; empty while hidden for non-operators. */
  imageUrls: z.array(z.string()),
  hidden: z.boolean(),
  author: z.object({ nickname: z.string().nullable(), profileImageUrl: z.string().nullable() }),
  likeCount: z.number().int(),
  viewerLiked: z.boolean(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  viewerIsAuthor: z.boolean(),
});
export type Post = z.infer<typeof postSchema>;
export const postsQuerySchema = z.strictObject({
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, 50).optional(),
});
export const postsResponseSchema = z.object({ items: z.array(postSchema), nextCursor: z.string().nullable() });
export const postResponseSchema = z.object({ post: postSchema });

export const likeResponseSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });

const reportTargetSchema = z.strictObject({
  type: z.enum(reportTargetTypes),
  id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const reportDetailSchema = z
  .string()
  .max(reportDetailMax * 4)
  .transform((value) => value.trim())
  .pipe(withoutControlCharacters(z.string().max(reportDetailMax), { multiline: true }));

export const reportBodySchema = z
  .strictObject({ target: reportTargetSchema, reason: z.enum(reportReasons), detail: reportDetailSchema.optional() })
  .refine((body) => body.reason !== 'REPR006' || (body.detail ?? '').length > 0, {
    message: 'Describe the problem for REPR006',
    path: ['detail'],
  });
export type ReportBody = z.infer<typeof reportBodySchema>;
export const reportResponseSchema = z.object({ report: z.object({ id: z.number().int() }) });

export const operatorReportsQuerySchema = z.strictObject({
  status: z.enum(['open', 'handled']).default('open'),
  cursor: z.string().max(100).optional(),
});
export const operatorReportSchema = z.object({
  id: z.number().int(),
  target: z.object({
    type: z.enum(reportTargetTypes),
    id: z.number().int(),
    projectId: z.number().int().nullable(),
    /** A post's artist (the console links to the artist's community); null for other targets. */
    artistId: z.number().int().nullable(),
  }),
  reason: z.enum(reportReasons),
  detail: z.string().nullable(),
  status: z.enum(['open', 'handled']),
  decision: z.enum(reportDecisionActions).nullable(),
  createdAt: z.string(),
  reporter: z.object({ nickname: z.string().nullable() }),
  /** The reported text as it stands (comment body, project or film title, post text); null once deleted. */
  content: z.string().nullable(),
  /** Whether the reported item is hidden now. */
  targetHidden: z.boolean(),
});
export type OperatorReport = z.infer<typeof operatorReportSchema>;
export const operatorReportsResponseSchema = z.object({ items: z.array(operatorReportSchema), nextCursor: z.string().nullable() });
export const reportIdParamsSchema = z.strictObject({ reportId: decimalIntegerParam(1, Number.MAX_SAFE_INTEGER) });
export const reportDecisionBodySchema = z.strictObject({ action: z.enum(reportDecisionActions) });
export const reportDecisionResponseSchema = z.object({ report: operatorReportSchema });
