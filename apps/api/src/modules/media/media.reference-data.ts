import type { LocalizedName } from '@orchard/shared';
import type { DbOrTx } from '../../db/client.ts';
import { adPackageCategories, adPackages, mediaCategories, mediaSubCategories } from './media.table.ts';

const n = (ko: string, en: string, zh: string, ja: string, es: string): LocalizedName => ({ ko, en, zh, ja, es });

/** ADMM: the media categories (docs/product.md#media). */
export const mediaCategoryRows = [
  { code: 'ADMM001', names: n('건물', 'Building', '建筑', 'ビル', 'Edificio') },
  { code: 'ADMM002', names: n('교통', 'Transport', '交通', '交通', 'Transporte') },
  { code: 'ADMM003', names: n('공항', 'Airport', '机场', '空港', 'Aeropuerto') },
  { code: 'ADMM004', names: n('기타', 'Other', '其他', 'その他', 'Otros') },
] as const;

/** ADMS: the sub-categories, each under the category it belongs to. */
export const mediaSubCategoryRows = [
  { code: 'ADMS001', categoryCode: 'ADMM001', names: n('외부 전광판', 'External billboard', '户外广告牌', '屋外ビジョン', 'Valla exterior') },
  { code: 'ADMS002', categoryCode: 'ADMM001', names: n('내부 전광판', 'Internal billboard', '室内广告屏', '屋内ビジョン', 'Pantalla interior') },
  { code: 'ADMS003', categoryCode: 'ADMM001', names: n('미디어 패널', 'Media panel', '媒体面板', 'メディアパネル', 'Panel multimedia') },
  { code: 'ADMS004', categoryCode: 'ADMM001', names: n('외부 인쇄물', 'External print', '户外印刷广告', '屋外印刷広告', 'Impresión exterior') },
  { code: 'ADMS005', categoryCode: 'ADMM002', names: n('버스', 'Bus', '公交车', 'バス', 'Autobús') },
  { code: 'ADMS006', categoryCode: 'ADMM002', names: n('지하철', 'Subway', '地铁', '地下鉄', 'Metro') },
  { code: 'ADMS007', categoryCode: 'ADMM002', names: n('택시', 'Taxi', '出租车', 'タクシー', 'Taxi') },
  { code: 'ADMS008', categoryCode: 'ADMM003', names: n('인천공항', 'Incheon Airport', '仁川机场', '仁川空港', 'Aeropuerto de Incheon') },
  { code: 'ADMS009', categoryCode: 'ADMM003', names: n('김포공항', 'Gimpo Airport', '金浦机场', '金浦空港', 'Aeropuerto de Gimpo') },
  { code: 'ADMS010', categoryCode: 'ADMM003', names: n('제주공항', 'Jeju Airport', '济州机场', '済州空港', 'Aeropuerto de Jeju') },
  { code: 'ADMS011', categoryCode: 'ADMM004', names: n('거리 간판', 'Street sign', '街头招牌', '街頭看板', 'Letrero callejero') },
] as const;

/**
 * Ad packages (docs/product.md#ad-packages): the ad period, and the categories a package may
 * include. Larger packages reach the pricier screens: buildings from premium, airports at prestige.
 */
export const adPackageRows = [
  { id: 'basic', names: n('베이직', 'Basic', '基础', 'ベーシック', 'Básico'), days: 7, categoryCodes: ['ADMM002', 'ADMM004'] },
  { id: 'premium', names: n('프리미엄', 'Premium', '高级', 'プレミアム', 'Premium'), days: 14, categoryCodes: ['ADMM001', 'ADMM002', 'ADMM004'] },
  { id: 'prestige', names: n('프레스티지', 'Prestige', '尊享', 'プレステージ', 'Prestigio'), days: 28, categoryCodes: ['ADMM001', 'ADMM002', 'ADMM003', 'ADMM004'] },
] as const;

/**
 * Writes the code tables and packages when missing (idempotent; run at every start and in the test
 * template): they are the product's reference data, needed with or without sample media.
 */
export async function ensureMediaReferenceData(db: DbOrTx) {
  await db
    .insert(mediaCategories)
    .values(mediaCategoryRows.map((row, position) => ({ ...row, position })))
    .onConflictDoNothing();
  await db
    .insert(mediaSubCategories)
    .values(mediaSubCategoryRows.map((row, position) => ({ ...row, position })))
    .onConflictDoNothing();
  await db
    .insert(adPackages)
    .values(adPackageRows.map(({ id, names, days }, position) => ({ id, names, days, position })))
    .onConflictDoNothing();
  await db
    .insert(adPackageCategories)
    .values(adPackageRows.flatMap(({ id, categoryCodes }) => categoryCodes.map((categoryCode) => ({ packageId: id, categoryCode }))))
    .onConflictDoNothing();
}
