/**
 * The legal documents a user agrees to (docs/product.md#terms), free of zod so the web's terms
 * pages import them at run time (`@orchard/shared/terms`).
 */
/** Bumped whenever the terms text changes; stored with each agreement. */
export const currentTermsVersion = '2026-11-01';

/** Each document's address on the web (`/terms/<document>`). */
export const legalDocuments = ['service', 'privacy', 'unique-identification'] as const;
export type LegalDocument = (typeof legalDocuments)[number];

export function isLegalDocument(value: unknown): value is LegalDocument {
  return typeof value === 'string' && (legalDocuments as readonly string[]).includes(value);
}
