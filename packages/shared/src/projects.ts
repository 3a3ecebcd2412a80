import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { languageSchema, localizedNameSchema } from './locale.ts';
import { artistSearchMaxLength } from './input-limits.ts';
import { isSafeText, safeText, withoutControlCharacters } from './safe-text.ts';
import { isKstDate, isXUrl, isYoutubeUrl, minimumUnitMax, minimumUnitMin, normaliseLink, normaliseXId, requestMediaMax } from './project-rules.ts';

/**
 * Projects (docs/product.md#projects; lifecycle words: docs/architecture.md#lifecycle).
 * A request is a project in status `requested`; creation turns an approved one into `created` or
 * `funding`. Amounts are integer Orange.
 */
export const projectStatuses = [
  'requested',
  'approved',
  'rejected',
  'created',
  'funding',
  'succeeded',
  'failed',
  'cancelled',
  'running',
  'awarded',
] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectStatusSchema = z.enum(projectStatuses);

/** A project is funded in Orange by fans; an event is made by operators and funded in Berry. */
export const projectKinds = ['project', 'event'] as const;
export type ProjectKind = (typeof projectKinds)[number];

export const projectPurposes = ['limited', 'ongoing'] as const;
export type ProjectPurpose = (typeof projectPurposes)[number];

/** The creative the ad carries. */
export const projectOptions = ['image', 'video'] as const;
export type ProjectOption = (typeof projectOptions)[number];

export const kstDateSchema = z.string().refine(isKstDate, { message: 'Expected a date as YYYY-MM-DD' });

/** Integer ids, like the ledger's `project_id` columns. */
export const projectIdSchema = decimalIntegerParam(1, 2_147_483_647);
export const projectIdParamsSchema = z.strictObject({ projectId: projectIdSchema });

const mediumIdSchema = z.number().int().min(1).max(2_147_483_647);
const durationSchema = z.number().int().min(1).max(100_000);

export const projectRequestBodySchema = z.strictObject({
  artistId: z.number().int().min(1).max(2_147_483_647),
  purpose: z.enum(projectPurposes),
  option: z.enum(projectOptions),
  packageId: z.string().min(1).max(40),
  media: z
    .array(z.strictObject({ mediaId: mediumIdSchema, duration: durationSchema }))
    .min(1)
    .max(requestMediaMax),
  adStartDate: kstDateSchema,
  fundingStartDate: kstDateSchema,
});
export type ProjectRequestBody = z.infer<typeof projectRequestBodySchema>;

export const projectMediumSchema = z.object({
  mediaId: z.number().int(),
  name: z.string(),
  categoryCode: z.string(),
  subCategoryCode: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  priceUnit: z.enum(['day', 'second']),
  /** Orange per unit at the time of the request. */
  price: z.number().int(),
  duration: z.number().int(),
  /** price × duration: this medium's share of the goal. */
  amount: z.number().int(),
});
export type ProjectMedium = z.infer<typeof projectMediumSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  status: projectStatusSchema,
  goal: z.number().int(),
  raised: z.number().int(),
  artistId: z.number().int(),
  artistNames: localizedNameSchema,
  purpose: z.enum(projectPurposes),
  option: z.enum(projectOptions),
  packageId: z.string(),
  adStartDate: z.string(),
  adEndDate: z.string(),
  fundingStartDate: z.string(),
  fundingEndDate: z.string(),
  /** Chosen at creation; null before. */
  minimumUnit: z.number().int().nullable(),
  title: z.string().nullable(),
  introduction: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The same picture at 720 × 540, for phones and cards (docs/decisions/111); null for a thumbnail set before it existed. */
  thumbnailSmallUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  xUrl: z.string().nullable(),
  creatorXId: z.string().nullable(),
  /** Only for the creator and operators; absent for everyone else. */
  creatorEmail: z.string().nullable().optional(),
  /** The creator's nickname; null once the account is deleted. */
  creator: z.object({ nickname: z.string().nullable() }),
  media: z.array(projectMediumSchema),
  /** The operator's reason, shown to the creator of a rejected request. */
  rejectionReason: z.string().nullable(),
  requestedAt: z.string(),
  approvedAt: z.string().nullable(),
  /** 23:59:59 KST of the 7th day after approval, as an ISO instant; null unless approved. */
  creationDeadline: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The creator's deposit (Orange), once created. */
  deposit: z.number().int().nullable(),
  /** Whether the one asking is the project's creator. */
  viewerIsCreator: z.boolean(),
  kind: z.enum(projectKinds),
  currency: z.enum(['orange', 'berry']),
  participantCount: z.number().int(),
  viewerContribution: z.number().int(),
  perUserLimit: z.number().int(),
  closesAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** Community (docs/product.md#comments): likes, the viewer's like, comments, and an operator's hiding. */
  likeCount: z.number().int(),
  viewerLiked: z.boolean(),
  commentCount: z.number().int(),
  hidden: z.boolean(),
  photos: z.array(z.string()),
});
export type Project = z.infer<typeof projectSchema>;

export const projectResponseSchema = z.object({ project: projectSchema });

/** `lang` chooses the language of the media names; otherwise Accept-Language, then Korean. */
export const projectQuerySchema = z.strictObject({ lang: languageSchema.optional() });

/** The thumbnail upload's size limit; the server re-encodes it to 1200 × 900 anyway. */
export const projectThumbnailMaxBytes = 10 * 1024 * 1024;

export const creationBodySchema = z.strictObject({
  minimumUnit: z.number().int().min(minimumUnitMin).max(minimumUnitMax),
  title: withoutControlCharacters(z.string().trim().min(1).max(60)),
  introduction: withoutControlCharacters(z.string().trim().min(1).max(5_000), { multiline: true }),
  // Stored as parsed (docs/product.md#creation): the URL parser drops tabs and line breaks and
  // changes case, so the link as typed is not the link a browser opens.
  youtubeUrl: withoutControlCharacters(z.string().max(500)).refine(isYoutubeUrl, { message: 'Expected an https YouTube link' }).transform(normaliseLink).optional(),
  xUrl: withoutControlCharacters(z.string().max(500)).refine(isXUrl, { message: 'Expected an https X (Twitter) link' }).transform(normaliseLink).optional(),
  creatorXId: z
    .string()
    .max(20)
    .refine((value) => normaliseXId(value) !== null, { message: 'Expected an X ID: 1–15 letters, digits or _' }),
  creatorEmail: z.email().max(254),
  deposit: z.number().int().min(1).max(100_000_000),
});
export type CreationBody = z.infer<typeof creationBodySchema>;

/**
 * An operator's event (docs/product.md#events): a request's fields and a creation's, without the
 * creator's contact and deposit; the thumbnail follows through PUT /api/projects/{id}/thumbnail.
 */
export const eventBodySchema = z.strictObject({
  ...projectRequestBodySchema.shape,
  ...creationBodySchema.omit({ creatorXId: true, creatorEmail: true, deposit: true }).shape,
});
export type EventBody = z.infer<typeof eventBodySchema>;

export const projectDecisionBodySchema = z.union([
  z.strictObject({ decision: z.literal('approve'), reason: withoutControlCharacters(z.string().trim().max(500), { multiline: true }).optional() }),
  z.strictObject({ decision: z.literal('reject'), reason: withoutControlCharacters(z.string().trim().min(1).max(500), { multiline: true }) }),
]);
export type ProjectDecisionBody = z.infer<typeof projectDecisionBodySchema>;

export const operatorRequestItemSchema = z.object({
  project: projectSchema,
  /** Seconds since the request was made. */
  waitedSeconds: z.number().int(),
});
export const operatorRequestsQuerySchema = z.strictObject({ cursor: z.string().max(100).optional(), lang: languageSchema.optional() });
export const operatorRequestsResponseSchema = z.object({
  items: z.array(operatorRequestItemSchema),
  nextCursor: z.string().nullable(),
});

/** My page, project list: All = created or joined; Participate = joined (deposit included); Open = created; Event = events joined; Like = liked; Request = before creation. */
export const myProjectTabs = ['all', 'participate', 'open', 'event', 'like', 'request'] as const;
export type MyProjectTab = (typeof myProjectTabs)[number];
export const myProjectsQuerySchema = z.strictObject({
  tab: z.enum(myProjectTabs).default('all'),
  artistId: decimalIntegerParam(1, 2_147_483_647).optional(),
  cursor: z.string().max(100).optional(),
  lang: languageSchema.optional(),
});
export const myProjectsResponseSchema = z.object({ items: z.array(projectSchema), nextCursor: z.string().nullable() });
/** The My projects artist filter: every artist the user has a project with (requested, created, joined, liked). */
export const myProjectArtistsResponseSchema = z.object({ items: z.array(z.object({ id: z.number().int(), names: localizedNameSchema })) });
export type MyProjectArtists = z.infer<typeof myProjectArtistsResponseSchema>;

/** Statuses the public list filters by; a request before creation is never public. */
export const publicProjectStatuses = ['funding', 'succeeded', 'failed', 'running', 'awarded'] as const;
/**
 * What a fan types into search (docs/product.md#discovery): no control character anywhere, then
 * 1–100 characters once trimmed.
 */
export const searchQueryTextSchema = z.string().refine(isSafeText, 'Control characters are not allowed').trim().min(1).max(artistSearchMaxLength);

/**
 * The public list's orders: `latest` (newest first, the default), `deadline` (closing soonest:
 * only funding projects close, so it lists funding projects), `raised` and `backers` (most first),
 * and `orange_value` (funding projects by most raised in Orange value, an event's Berry ÷ 13
 * rounded down: the Top 10, docs/product.md#discovery).
 */
export const publicProjectSorts = ['latest', 'deadline', 'raised', 'backers', 'orange_value'] as const;
export type PublicProjectSort = (typeof publicProjectSorts)[number];
export const publicProjectsQuerySchema = z
  .strictObject({
    status: z.enum(publicProjectStatuses).optional(),
    artistId: decimalIntegerParam(1, 2_147_483_647).optional(),
    kind: z.enum(projectKinds).optional(),
    sort: z.enum(publicProjectSorts).default('latest'),
    /** Only projects of the artists the signed-in fan follows (401 signed out). */
    following: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    q: searchQueryTextSchema.optional(),
    cursor: safeText(100).optional(),
    limit: decimalIntegerParam(1, 50).optional(),
    lang: languageSchema.optional(),
  })
  .refine((query) => query.sort !== 'deadline' || query.status === undefined || query.status === 'funding', {
    message: 'Only funding projects have a deadline to sort by',
    path: ['status'],
  })
  .refine((query) => query.sort !== 'orange_value' || query.status === 'funding', {
    message: 'Orange value orders funding projects: ask for status=funding',
    path: ['status'],
  });
export type PublicProjectsQuery = z.infer<typeof publicProjectsQuerySchema>;

/** A move of the test clock: whole days, or whole hours (to watch the night-time rule); the same 400 days at most. */
export const testClockBodySchema = z.union([
  z.strictObject({ days: z.number().int().min(1).max(400) }),
  z.strictObject({ hours: z.number().int().min(1).max(400 * 24) }),
]);
export type TestClockBody = z.infer<typeof testClockBodySchema>;
/**
 * The route is absent (404) unless the API runs with TEST_CLOCK=on; then `enabled` is true.
 * `offsetHours` is the whole offset; `offsetDays` its whole days (an offset of 30 hours is 1).
 */
export const testClockResponseSchema = z.object({
  enabled: z.boolean(),
  offsetDays: z.number().int(),
  offsetHours: z.number().int(),
  now: z.string(),
});

/** docs/product.md#participation: points put into a funding project (Orange) or event (Berry). */
export const participationBodySchema = z.strictObject({ amount: z.number().int().min(1).max(2_147_483_647) });
export type ParticipationBody = z.infer<typeof participationBodySchema>;
export const participationResponseSchema = z.object({
  /** `amount` is what was taken: a limited project caps a participation at what remains to the goal. */
  participation: z.object({ id: z.number().int(), amount: z.number().int() }),
  project: projectSchema,
});

export const participantSorts = ['amount', 'latest'] as const;
export type ParticipantSort = (typeof participantSorts)[number];
export const participantsQuerySchema = z.strictObject({
  sort: z.enum(participantSorts).default('amount'),
  cursor: safeText(100).optional(),
  limit: decimalIntegerParam(1, 50).optional(),
});
/** One row per participating user: their total in the project and their latest participation. */
export const participantSchema = z.object({
  id: z.number().int(),
  nickname: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  amount: z.number().int(),
  participatedAt: z.string(),
});
export type Participant = z.infer<typeof participantSchema>;
export const participantsResponseSchema = z.object({ items: z.array(participantSchema), nextCursor: z.string().nullable() });

/** docs/product.md#cancellation: an operator cancels a succeeded project with a reason. */
export const cancellationBodySchema = z.strictObject({ reason: withoutControlCharacters(z.string().trim().min(1).max(500), { multiline: true }) });

/**
 * What cancelling a project would do, for the operator to read before confirming
 * (docs/product.md#cancellation): how many participations go back, to how many people, in total.
 */
export const cancellationPreviewResponseSchema = z.object({
  projectId: z.number().int(),
  /** Whether a cancellation would be accepted now: succeeded, and not later than a month before the ad. */
  cancellable: z.boolean(),
  /** The last KST day a cancellation is accepted (one month before the ad start). */
  cancellableThrough: z.string(),
  participationCount: z.number().int(),
  participantCount: z.number().int(),
  /** The sum of every participation, the creator's deposit included, returned to the lots it came from. */
  returnTotal: z.number().int(),
  currency: z.enum(['orange', 'berry']),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewResponseSchema>;

/**
 * How the project page offers its picture (docs/decisions/111): the 720-px copy where the screen
 * needs no more (a phone up to about 410 px wide at 1.75 ×, or 375 px at 2 ×), else the
 * 1200-px one. The page's `<img>` and the API's preload of it must say the same, or the browser
 * fetches the picture twice.
 */
export const projectPictureSizes = '(max-width: 416px) calc(100vw - 40px), 376px';

export function projectPictureSrcset(project: { thumbnailUrl: string | null; thumbnailSmallUrl: string | null }): string | undefined {
  return project.thumbnailUrl && project.thumbnailSmallUrl ? `${project.thumbnailSmallUrl} 720w, ${project.thumbnailUrl} 1200w` : undefined;
}
