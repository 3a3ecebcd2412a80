import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedName } from '@orchard/shared';

/** A text in all five interface languages (longer than a name). */
export type LocalizedText = LocalizedName;
/** Paragraphs in all five interface languages. */
export type LocalizedParagraphs = { ko: string[]; en: string[]; zh: string[]; ja: string[]; es: string[] };

/** ADMM codes (docs/product.md#media): building, transport, airport, other. */
export const mediaCategories = pgTable('media_categories', {
  code: text('code').primaryKey(),
  names: jsonb('names').$type<LocalizedName>().notNull(),
  position: integer('position').notNull(),
});

/** ADMS codes, each under one category. */
export const mediaSubCategories = pgTable('media_sub_categories', {
  code: text('code').primaryKey(),
  categoryCode: text('category_code')
    .notNull()
    .references(() => mediaCategories.code),
  names: jsonb('names').$type<LocalizedName>().notNull(),
  position: integer('position').notNull(),
});

/** Ad packages (docs/product.md#ad-packages): the ad period and the categories they may include. */
export const adPackages = pgTable(
  'ad_packages',
  {
    id: text('id').primaryKey(),
    names: jsonb('names').$type<LocalizedName>().notNull(),
    days: integer('days').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [check('ad_packages_days_check', sql`${table.days} between 1 and 366`)],
);

export const adPackageCategories = pgTable(
  'ad_package_categories',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => adPackages.id, { onDelete: 'cascade' }),
    categoryCode: text('category_code')
      .notNull()
      .references(() => mediaCategories.code),
  },
  (table) => [primaryKey({ columns: [table.packageId, table.categoryCode] })],
);

/**
 * A media product. `price` is Orange per `price_unit`: per day it runs, or per second of a spot
 * (a 15-second spot costs 15 × price for the ad period). `durations` are the values a request may
 * choose in that unit.
 */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    categoryCode: text('category_code')
      .notNull()
      .references(() => mediaCategories.code),
    subCategoryCode: text('sub_category_code')
      .notNull()
      .references(() => mediaSubCategories.code),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    addresses: jsonb('addresses').$type<LocalizedText>().notNull(),
    operatorNames: jsonb('operator_names').$type<LocalizedText>().notNull(),
    operationHours: jsonb('operation_hours').$type<LocalizedText>().notNull(),
    descriptions: jsonb('descriptions').$type<LocalizedText>().notNull(),
    salesPolicy: jsonb('sales_policy').$type<LocalizedParagraphs>().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    priceUnit: text('price_unit').notNull(),
    price: integer('price').notNull(),
    durations: integer('durations').array().notNull(),
    guideWidth: integer('guide_width').notNull(),
    guideHeight: integer('guide_height').notNull(),
    guideUnit: text('guide_unit').notNull().default('px'),
    guideCapacityMb: integer('guide_capacity_mb').notNull(),
    guideFormat: text('guide_format').notNull(),
    /** Spot length the creative must fill, for video media. */
    guideSpotSeconds: integer('guide_spot_seconds'),
    /** Withdrawn media stay for the projects that booked them, but are no longer offered. */
    offered: boolean('offered').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('media_price_unit_check', sql`${table.priceUnit} in ('day', 'second')`),
    check('media_price_check', sql`${table.price} > 0`),
    check('media_format_check', sql`${table.guideFormat} in ('MP4', 'JPG')`),
    check('media_coordinates_check', sql`${table.latitude} between -90 and 90 and ${table.longitude} between -180 and 180`),
    check('media_durations_check', sql`cardinality(${table.durations}) > 0`),
    index('media_category_idx').on(table.categoryCode, table.id),
  ],
);

export type MediumRow = typeof media.$inferSelect;
