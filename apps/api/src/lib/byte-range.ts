/** Bytes `start` to `end` of a file, both included (as HTTP counts them). */
export type ByteRange = { start: number; end: number };

/**
 * What a GET's Range header asks of a file of `size` bytes (RFC 9110 section 14): one range, the
 * whole file (no header, another unit, a malformed or multi-part range, which a player never
 * sends), or nothing it holds (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header);
  if (!match) return 'whole';
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
