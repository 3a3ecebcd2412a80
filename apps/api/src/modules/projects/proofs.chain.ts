import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { ProjectProofRow } from './proofs.table.ts';

/**
 * The proof chain's hashes (decision 108). A record's hash is the SHA-256 (hex) of its canonical
 * JSON (RFC 8785, by `canonicalize`: keys sorted, numbers and strings in one spelling), the previous
 * record's hash being one of its fields. What is hashed is the record as the API answers it, minus
 * the storage key of its file (the file is covered by `sha256`): anyone holding the answers can
 * recompute every hash.
 */
export type ChainedFields = Pick<
  ProjectProofRow,
  | 'projectId'
  | 'sequence'
  | 'mediaId'
  | 'kind'
  | 'sha256'
  | 'capturedAt'
  | 'capturedAtSource'
  | 'latitude'
  | 'longitude'
  | 'distanceMeters'
  | 'farFromMedium'
  | 'operatorId'
  | 'postedAt'
  | 'withdrawsProofId'
  | 'reason'
  | 'previousHash'
>;

export function canonicalRecordOf(record: ChainedFields): string {
  const text = canonicalize({
    projectId: record.projectId,
    sequence: record.sequence,
    mediaId: record.mediaId,
    kind: record.kind,
    sha256: record.sha256,
    capturedAt: record.capturedAt?.toISOString() ?? null,
    capturedAtSource: record.capturedAtSource,
    latitude: record.latitude,
    longitude: record.longitude,
    distanceMeters: record.distanceMeters,
    farFromMedium: record.farFromMedium,
    operatorId: record.operatorId,
    postedAt: record.postedAt.toISOString(),
    withdrawsProofId: record.withdrawsProofId,
    reason: record.reason,
    previousHash: record.previousHash,
  });
  if (text === undefined) throw new Error('a proof record has no canonical form');
  return text;
}

export function recordHashOf(record: ChainedFields): string {
  return sha256Hex(canonicalRecordOf(record));
}

export function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Whether a project's records, in sequence order, form an unbroken chain: sequences 1, 2, 3…, each
 * record's `previousHash` the one before's `recordHash` (null for the first), and every stored hash
 * what its fields hash to. An empty chain is valid.
 */
export function chainIsValid(records: readonly (ChainedFields & { recordHash: string })[]): boolean {
  let previous: string | null = null;
  for (const [index, record] of records.entries()) {
    if (record.sequence !== index + 1 || record.previousHash !== previous || recordHashOf(record) !== record.recordHash) return false;
    previous = record.recordHash;
  }
  return true;
}
