import type { AdPackage, AdPackageId, Language, MediaListQuery, Medium, MediumDetail } from '@orchard/shared';
import { coalesceReads } from '../../db/coalesce.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { resolveLanguage } from '../../lib/language.ts';
import { createMediaRepository, type AdPackageRow, type MediumListRow, type MediumWithCodesRow } from './media.repository.ts';

export { catalogueTextsIn } from './media.repository.ts';

const mediumNotFound = () => notFound('media.not_found', 'There is no such medium.');

/** Cursors are opaque to clients: the last id of the page, wrapped so it can change shape later. */
export function encodeMediaCursor(lastId: number): string {
  return Buffer.from(JSON.stringify({ after: lastId })).toString('base64url');
}

export function decodeMediaCursor(cursor: string): number {
  try {
    const after = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown })?.after;
    if (typeof after === 'number' && Number.isInteger(after) && after >= 0 && after <= 2_147_483_647) return after;
  } catch {
    // falls through to the refusal below
  }
  throw badRequest('validation.invalid', 'The cursor is not valid.', [{ in: 'querystring', path: '/cursor' }]);
}

/**
 * The durations a request may choose for a medium (docs/product.md#media): a day-priced medium
 * runs at most the package's period; spot lengths do not depend on the package.
 */
export function durationsWithin(row: Pick<MediumListRow, 'priceUnit' | 'durations'>, packageDays: number | undefined): number[] {
  if (row.priceUnit !== 'day' || packageDays === undefined) return [...row.durations];
  return row.durations.filter((days) => days <= packageDays);
}

export function toMedium(row: MediumListRow, packageDays?: number): Medium {
  return {
    id: row.id,
    name: row.name,
    categoryCode: row.categoryCode as Medium['categoryCode'],
    subCategoryCode: row.subCategoryCode as Medium['subCategoryCode'],
    categoryName: row.categoryName,
    subCategoryName: row.subCategoryName,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    priceUnit: row.priceUnit as Medium['priceUnit'],
    price: row.price,
    durations: durationsWithin(row, packageDays),
    format: row.format as Medium['format'],
    operatorName: row.operatorName,
  };
}

export function toMediumDetail(row: MediumWithCodesRow, language: Language): MediumDetail {
  return {
    ...toMedium({
      ...row,
      name: row.names[language],
      categoryName: row.categoryNames[language],
      subCategoryName: row.subCategoryNames[language],
      address: row.addresses[language],
      operatorName: row.operatorNames[language],
      format: row.guideFormat,
    }),
    operationHours: row.operationHours[language],
    description: row.descriptions[language],
    productionGuide: {
      width: row.guideWidth,
      height: row.guideHeight,
      unit: row.guideUnit,
      capacityLimit: row.guideCapacityMb,
      format: row.guideFormat as MediumDetail['productionGuide']['format'],
      spotSeconds: row.guideSpotSeconds,
    },
    salesPolicy: row.salesPolicy[language],
  };
}

function toAdPackage(row: AdPackageRow, language: Language): AdPackage {
  return { id: row.id as AdPackageId, name: row.names[language], days: row.days, categoryCodes: row.categoryCodes as AdPackage['categoryCodes'] };
}

export function createMediaService({ db }: { db: Db }) {
  const repository = createMediaRepository({ db });
  // Packages change only with a deployment's reference data: read once, on first use.
  let packagesOnce: Promise<AdPackageRow[]> | undefined;
  const packageRows = () =>
    (packagesOnce ??= repository.listPackages().then(
      (rows) => {
        // Nothing loaded yet (a database without reference data): ask again next time.
        if (rows.length === 0) packagesOnce = undefined;
        return rows;
      },
      (error: unknown) => {
        packagesOnce = undefined;
        throw error;
      },
    ));

  async function listPage(query: Omit<MediaListQuery, 'lang'>, language: Language) {
    const adPackage = query.packageId ? (await packageRows()).find((row) => row.id === query.packageId) : undefined;
    // A package without rows offers nothing; an unknown id cannot pass the schema's enum.
    let categoryCodes: string[] | undefined = query.packageId ? (adPackage?.categoryCodes ?? []) : undefined;
    if (query.categoryCode) categoryCodes = categoryCodes ? categoryCodes.filter((code) => code === query.categoryCode) : [query.categoryCode];
    const afterId = query.cursor === undefined ? undefined : decodeMediaCursor(query.cursor);
    if (categoryCodes?.length === 0) return { items: [], nextCursor: null };
    const rows = await repository.list({ categoryCodes, ids: query.ids, afterId, limit: query.limit + 1 }, language);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toMedium(row, adPackage?.days)),
      nextCursor: rows.length > query.limit && last ? encodeMediaCursor(last.id) : null,
    };
  }
  const sharedListPage = coalesceReads((key) => {
    const { query, language } = JSON.parse(key) as { query: Omit<MediaListQuery, 'lang'>; language: Language };
    return listPage(query, language);
  });

  return {
    /** `lang`, else the signed-in viewer's setting, else Accept-Language (docs/product.md#languages). */
    async languageFor({ lang, userId, acceptLanguage }: { lang?: Language; userId?: string; acceptLanguage?: string }): Promise<Language> {
      if (lang) return lang;
      const userLanguage = userId === undefined ? undefined : await repository.languageOfUser(userId);
      return resolveLanguage({ userLanguage, acceptLanguage });
    },

    /** A page of the catalogue; the same page asked for together is read once (decision 057). */
    list(query: Omit<MediaListQuery, 'lang'>, language: Language) {
      return sharedListPage(JSON.stringify({ query, language }));
    },

    async get(mediaId: number, language: Language): Promise<MediumDetail> {
      const row = await repository.findById(mediaId);
      if (!row) throw mediumNotFound();
      return toMediumDetail(row, language);
    },

    async listPackages(language: Language) {
      return { items: (await packageRows()).map((row) => toAdPackage(row, language)) };
    },

    /** The package's period and categories, for the projects service's request rules. */
    async adPackageFor(packageId: string): Promise<{ id: AdPackageId; days: number; categoryCodes: AdPackage['categoryCodes'] } | null> {
      const row = (await packageRows()).find((candidate) => candidate.id === packageId);
      if (!row) return null;
      const { id, days, categoryCodes } = toAdPackage(row, 'en');
      return { id, days, categoryCodes };
    },

    /**
     * The given media in id order, withdrawn ones included (a project keeps what it booked), with
     * every duration they offer: the caller applies the package's period. Unknown ids are left out.
     */
    async mediaByIds(ids: number[], language: Language): Promise<(Medium & { offered: boolean })[]> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return [];
      const rows = await repository.list({ ids: unique, limit: unique.length }, language);
      return rows.map((row) => ({ ...toMedium(row), offered: row.offered }));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
