import { and, asc, eq, gt, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { adPackageCategories, adPackages, media, mediaCategories, mediaSubCategories, type MediumRow } from './media.table.ts';
import type { Language, LocalizedName } from '@orchard/shared';

export type MediumWithCodesRow = MediumRow & { categoryNames: LocalizedName; subCategoryNames: LocalizedName };
/** What a list shows, its texts already in one language: a list never reads guides or policies. */
export type MediumListRow = {
  id: number;
  categoryCode: string;
  subCategoryCode: string;
  name: string;
  categoryName: string;
  subCategoryName: string;
  address: string;
  operatorName: string;
  latitude: number;
  longitude: number;
  priceUnit: string;
  price: number;
  durations: number[];
  format: string;
  offered: boolean;
};
export type AdPackageRow = { id: string; names: LocalizedName; days: number; categoryCodes: string[] };

/**
 * The catalogue's media with their texts in one language, as a table for the caller's query to join
 * on `id` (the projects' view, decision 102): columns `id`, `name`, `category_code`,
 * `sub_category_code`, `address`, `latitude` and `longitude`. `language` is SQL (a placeholder or a
 * parameter), so the same text serves a prepared statement; a plain subquery, which PostgreSQL
 * pulls up into the caller's join (the same primary-key probe as a join of the table).
 */
export const catalogueTextsIn = (language: SQL) =>
  sql`(select m.id, m.names->>${language}::text as name, m.category_code, m.sub_category_code,
    m.addresses->>${language}::text as address, m.latitude, m.longitude from ${media} m)`;

export function createMediaRepository({ db }: { db: DbOrTx }) {
  const withCodes = () =>
    db
      .select({ medium: media, categoryNames: mediaCategories.names, subCategoryNames: mediaSubCategories.names })
      .from(media)
      .innerJoin(mediaCategories, eq(mediaCategories.code, media.categoryCode))
      .innerJoin(mediaSubCategories, eq(mediaSubCategories.code, media.subCategoryCode));

  const flatten = (rows: { medium: MediumRow; categoryNames: LocalizedName; subCategoryNames: LocalizedName }[]): MediumWithCodesRow[] =>
    rows.map(({ medium, categoryNames, subCategoryNames }) => ({ ...medium, categoryNames, subCategoryNames }));

  return {
    /** The language a signed-in viewer chose (the users table, read in this module's own query). */
    async languageOfUser(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language;
    },

    /**
     * A page of media in id order after `afterId`, texts in `language`. `ids` picks given media (a
     * project's list, withdrawn ones included); otherwise only media still offered.
     */
    async list(
      filter: { categoryCodes?: string[]; ids?: number[]; afterId?: number; limit: number },
      language: Language,
    ): Promise<MediumListRow[]> {
      const conditions: SQL[] = [];
      if (filter.ids) conditions.push(inArray(media.id, filter.ids));
      else conditions.push(eq(media.offered, true));
      if (filter.categoryCodes) conditions.push(inArray(media.categoryCode, filter.categoryCodes));
      if (filter.afterId !== undefined) conditions.push(gt(media.id, filter.afterId));
      const text = (column: AnyColumn) => sql<string>`${column}->>${language}`;
      return db
        .select({
          id: media.id,
          categoryCode: media.categoryCode,
          subCategoryCode: media.subCategoryCode,
          name: text(media.names),
          categoryName: text(mediaCategories.names),
          subCategoryName: text(mediaSubCategories.names),
          address: text(media.addresses),
          operatorName: text(media.operatorNames),
          latitude: media.latitude,
          longitude: media.longitude,
          priceUnit: media.priceUnit,
          price: media.price,
          durations: media.durations,
          format: media.guideFormat,
          offered: media.offered,
        })
        .from(media)
        .innerJoin(mediaCategories, eq(mediaCategories.code, media.categoryCode))
        .innerJoin(mediaSubCategories, eq(mediaSubCategories.code, media.subCategoryCode))
        .where(and(...conditions))
        .orderBy(asc(media.id))
        .limit(filter.limit);
    },

    async findById(id: number): Promise<MediumWithCodesRow | undefined> {
      const [row] = flatten(await withCodes().where(eq(media.id, id)));
      return row;
    },

    async listPackages(): Promise<AdPackageRow[]> {
      const [packages, categories] = await Promise.all([
        db.select().from(adPackages).orderBy(asc(adPackages.position)),
        db.select().from(adPackageCategories).orderBy(asc(adPackageCategories.categoryCode)),
      ]);
      return packages.map((row) => ({
        id: row.id,
        names: row.names,
        days: row.days,
        categoryCodes: categories.filter((category) => category.packageId === row.id).map((category) => category.categoryCode),
      }));
    },
  };
}
