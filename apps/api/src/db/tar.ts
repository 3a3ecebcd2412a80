import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { once } from 'node:events';

/**
 * The few lines of POSIX tar (ustar) a backup archive needs: regular files only, names of at most
 * 255 bytes, sizes below 8 GiB. Written and read as streams, so a 200 MB film never sits in memory.
 */
const block = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const header = Buffer.alloc(block);
  const bytes = Buffer.from(name, 'utf8');
  let prefix = '';
  let base = name;
  if (bytes.length > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`name too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  header.write(base, 0, 100, 'utf8');
  header.write(octal(0o644, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(size, 12), 124, 'ascii');
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write(' '.repeat(8), 148, 'ascii');
  header.write('0', 156, 'ascii');
  header.write('ustar\u000000', 257, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148, 'ascii');
  return header;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

async function write(out: Writable, chunk: Buffer): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Appends one entry from memory. */
export async function writeTarBytes(out: Writable, name: string, bytes: Buffer): Promise<void> {
  await write(out, tarHeader(name, bytes.length));
  await write(out, bytes);
  await write(out, padding(bytes.length));
}

/** Appends one entry read from a file on disk. */
export async function writeTarFile(out: Writable, name: string, file: string): Promise<void> {
  const { size, mtime } = await fs.promises.stat(file);
  await write(out, tarHeader(name, size, mtime));
  let written = 0;
  for await (const chunk of fs.createReadStream(file)) {
    written += (chunk as Buffer).length;
    await write(out, chunk as Buffer);
  }
  if (written !== size) throw new Error(`${file} changed while it was archived`);
  await write(out, padding(size));
}

/** The end of the archive: two empty blocks. */
export async function endTar(out: Writable): Promise<void> {
  await write(out, Buffer.alloc(block * 2));
}

export type TarEntry = { name: string; size: number };

/**
 * Reads a tar stream: `onEntry` returns a sink for the entry's bytes (or null to skip them).
 * Rejects an archive whose headers do not check out or that ends before its end marker.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  onEntry: (entry: TarEntry) => Promise<((chunk: Buffer | null) => Promise<void>) | null>,
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let sink: ((chunk: Buffer | null) => Promise<void>) | null = null;
  let remaining = 0;
  let skip = 0;
  let ended = false;
  for await (const chunk of input) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (remaining > 0) {
        if (pending.length === 0) break;
        const take = Math.min(remaining, pending.length);
        if (sink) await sink(pending.subarray(0, take));
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining === 0 && sink) await sink(null);
        continue;
      }
      if (skip > 0) {
        const take = Math.min(skip, pending.length);
        pending = pending.subarray(take);
        skip -= take;
        if (skip > 0) break;
        continue;
      }
      if (pending.length < block) break;
      const header = pending.subarray(0, block);
      pending = pending.subarray(block);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = parseHeader(header);
      sink = await onEntry(entry);
      remaining = entry.size;
      skip = padding(entry.size).length;
      if (remaining === 0 && sink) await sink(null);
    }
  }
  if (!ended || remaining > 0) throw new Error('the archive is cut short');
}

function parseHeader(header: Buffer): TarEntry {
  const text = (from: number, length: number) => header.toString('utf8', from, from + length).replace(/\0.*$/s, '');
  let sum = 0;
  for (let index = 0; index < block; index++) sum += index >= 148 && index < 156 ? 32 : header[index]!;
  if (Number.parseInt(text(148, 8).trim(), 8) !== sum) throw new Error('the archive is damaged (a header checksum does not match)');
  const type = text(156, 1);
  if (type !== '0' && type !== '') throw new Error(`the archive holds an entry that is not a file (type ${type})`);
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  return { name, size: Number.parseInt(text(124, 12).trim(), 8) };
}
