import { z } from 'zod';
import { decimalIntegerParam } from './artists.ts';
import { languageSchema } from './locale.ts';

/**
 * The media catalogue (docs/product.md#media, docs/product.md#ad-packages): media products a
 * project may book, their category (ADMM) and sub-category (ADMS) codes, and the ad packages.
 * Names and texts arrive already resolved in the viewer's language.
 */
export const mediaCategoryCodes = ['ADMM001', 'ADMM002', 'ADMM003', 'ADMM004'] as const;
export type MediaCategoryCode = (typeof mediaCategoryCodes)[number];
export const mediaCategoryCodeSchema = z.enum(mediaCategoryCodes);

export const mediaSubCategoryCodes = [
  'ADMS001',
  'ADMS002',
  'ADMS003',
  'ADMS004',
  'ADMS005',
  'ADMS006',
  'ADMS007',
  'ADMS008',
  'ADMS009',
  'ADMS010',
  'ADMS011',
] as const;
export type MediaSubCategoryCode = (typeof mediaSubCategoryCodes)[number];
export const mediaSubCategoryCodeSchema = z.enum(mediaSubCategoryCodes);

/** A medium is priced in Orange per day it runs, or per spot of N seconds. */
export const mediaPriceUnits = ['day', 'second'] as const;
export type MediaPriceUnit = (typeof mediaPriceUnits)[number];

/** The creative a medium takes: a video (MP4) or an image (JPG). */
export const mediaCreativeFormats = ['MP4', 'JPG'] as const;
export type MediaCreativeFormat = (typeof mediaCreativeFormats)[number];

export const adPackageIds = ['basic', 'premium', 'prestige'] as const;
export type AdPackageId = (typeof adPackageIds)[number];
export const adPackageIdSchema = z.enum(adPackageIds);

export const mediaIdSchema = decimalIntegerParam(1, 2_147_483_647);

export const mediaCategorySchema = z.object({ code: mediaCategoryCodeSchema, name: z.string() });
export const mediaSubCategorySchema = z.object({ code: mediaSubCategoryCodeSchema, name: z.string() });

export const productionGuideSchema = z.object({
  /** Size of the creative in `unit` (px for screens). */
  width: z.number().int(),
  height: z.number().int(),
  unit: z.string(),
  /** Largest file the operator accepts, in megabytes. */
  capacityLimit: z.number().int(),
  format: z.enum(mediaCreativeFormats),
  /** Spot length in seconds for video media; null for still images. */
  spotSeconds: z.number().int().nullable(),
});
export type ProductionGuide = z.infer<typeof productionGuideSchema>;

/** What a list shows and a request needs: `price` is Orange per `priceUnit`. */
export const mediumSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryCode: mediaCategoryCodeSchema,
  subCategoryCode: mediaSubCategoryCodeSchema,
  categoryName: z.string(),
  subCategoryName: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  priceUnit: z.enum(mediaPriceUnits),
  price: z.number().int(),
  /** Values a request may choose, in `priceUnit`: days of running, or spot lengths in seconds. */
  durations: z.array(z.number().int()),
  format: z.enum(mediaCreativeFormats),
  operatorName: z.string(),
});
export type Medium = z.infer<typeof mediumSchema>;

/** The media-detail screen: info, price, production guide and sales policy tabs. */
export const mediumDetailSchema = mediumSchema.extend({
  operationHours: z.string(),
  description: z.string(),
  productionGuide: productionGuideSchema,
  /** Paragraphs of the operator's sales policy. */
  salesPolicy: z.array(z.string()),
});
export type MediumDetail = z.infer<typeof mediumDetailSchema>;

export const adPackageSchema = z.object({
  id: adPackageIdSchema,
  name: z.string(),
  /** Ad period in days: ad end = ad start + days − 1. */
  days: z.number().int(),
  categoryCodes: z.array(mediaCategoryCodeSchema),
});
export type AdPackage = z.infer<typeof adPackageSchema>;

export const adPackageListResponseSchema = z.object({ items: z.array(adPackageSchema) });

/** `lang` overrides the session user's language and Accept-Language. */
const langQuerySchema = languageSchema.optional();

/** At most this many ids in one `ids` filter (a project's media list). */
export const maxMediaIdsPerQuery = 50;

export const mediaListQuerySchema = z.strictObject({
  packageId: adPackageIdSchema.optional(),
  categoryCode: mediaCategoryCodeSchema.optional(),
  /** Comma-separated medium ids, e.g. `3,7,12`. */
  ids: z
    .string()
    .max(600)
    .regex(/^[0-9]{1,10}(,[0-9]{1,10})*$/, 'Expected comma-separated decimal ids')
    .transform((text) => text.split(',').map(Number))
    .pipe(z.array(z.number().int().min(1).max(2_147_483_647)).max(maxMediaIdsPerQuery))
    .optional(),
  cursor: z.string().max(100).optional(),
  limit: decimalIntegerParam(1, 100).default(50),
  lang: langQuerySchema,
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaListResponseSchema = z.object({
  items: z.array(mediumSchema),
  nextCursor: z.string().nullable(),
});

export const mediumParamsSchema = z.strictObject({ mediaId: mediaIdSchema });
export const mediaLanguageQuerySchema = z.strictObject({ lang: langQuerySchema });
