import fs from 'node:fs/promises';

/**
 * A small ISO-BMFF (MP4) reader (docs/decisions/074-films.md): walks the top-level boxes of a file
 * on disk without reading the media data, checks that they tile the file exactly (a truncated or
 * padded upload fails), and reads the movie header and the first video track for the duration, the
 * dimensions and the codec. Anything it cannot read is refused; nothing else decodes the file.
 */
export type Mp4Info = { durationMs: number; width: number; height: number; codec: string; brand: string };

export class Mp4Error extends Error {
  constructor(readonly reason: string) {
    super(`Not a readable MP4: ${reason}`);
    this.name = 'Mp4Error';
  }
}

/** Reads `length` bytes at `offset` (fewer only at the end of the source). */
export type ByteSource = { size: number; read(offset: number, length: number): Promise<Buffer> };

/** The `moov` box is read whole; real ones are kilobytes to a few MB. */
export const maxMovieBoxBytes = 16 * 1024 * 1024;
const maxTopLevelBoxes = 10_000;
/** ISO base media brands a phone, an editor or a browser writes; QuickTime (`qt  `) is not MP4. */
const acceptedBrands = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso8', 'iso9', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4A ', 'dash', 'msnv', 'av01', 'mmp4', '3gp4', '3gp5', '3gp6', 'hvc1', 'heic']);
/** Video sample entries browsers play in an MP4 container. */
const acceptedCodecs = new Set(['avc1', 'avc3', 'hvc1', 'hev1', 'av01', 'vp09']);

export async function readMp4File(file: string): Promise<Mp4Info> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    return await readMp4({
      size,
      async read(offset, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
        return buffer.subarray(0, bytesRead);
      },
    });
  } finally {
    await handle.close();
  }
}

type Box = { type: string; start: number; headerSize: number; size: number };

/** The box at `offset` of `buffer` (within `end`), or an Mp4Error. */
function boxAt(buffer: Buffer, offset: number, end: number): Box {
  if (end - offset < 8) throw new Mp4Error('box header cut off');
  let size = buffer.readUInt32BE(offset);
  const type = buffer.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (end - offset < 16) throw new Mp4Error('large box header cut off');
    size = Number(buffer.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) throw new Mp4Error(`box ${JSON.stringify(type)} overruns its parent`);
  return { type, start: offset, headerSize, size };
}

function children(buffer: Buffer, parent: Box, skip = 0): Box[] {
  const boxes: Box[] = [];
  const end = parent.start + parent.size;
  for (let offset = parent.start + parent.headerSize + skip; offset < end; ) {
    const box = boxAt(buffer, offset, end);
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

/** The top-level box at `offset`, which must end within the file. */
async function topLevelBoxAt(source: ByteSource, offset: number): Promise<Box> {
  const header = await source.read(offset, 16);
  if (header.length < 8) throw new Mp4Error('box header cut off');
  const small = header.readUInt32BE(0);
  const type = header.toString('latin1', 4, 8);
  if (small === 1 && header.length < 16) throw new Mp4Error('large box header cut off');
  const headerSize = small === 1 ? 16 : 8;
  const size = small === 1 ? Number(header.readBigUInt64BE(8)) : small === 0 ? source.size - offset : small;
  if (size < headerSize || offset + size > source.size) throw new Mp4Error(`box ${JSON.stringify(type)} runs past the end of the file`);
  return { type, start: offset, headerSize, size };
}

const child = (buffer: Buffer, parent: Box, type: string, skip = 0) => children(buffer, parent, skip).find((box) => box.type === type);
const body = (box: Box) => box.start + box.headerSize;

export async function readMp4(source: ByteSource): Promise<Mp4Info> {
  if (source.size < 16) throw new Mp4Error('too short');
  const top: Box[] = [];
  let movie: Buffer | null = null;
  let movieBox: Box | null = null;
  let hasMedia = false;
  for (let offset = 0; offset < source.size; ) {
    if (top.length >= maxTopLevelBoxes) throw new Mp4Error('too many boxes');
    const placed = await topLevelBoxAt(source, offset);
    if (top.length === 0 && placed.type !== 'ftyp') throw new Mp4Error('no ftyp box first');
    if (placed.type === 'moov') {
      if (movie) throw new Mp4Error('two moov boxes');
      if (placed.size > maxMovieBoxBytes) throw new Mp4Error('moov box too large');
      movie = await source.read(offset, placed.size);
      movieBox = { ...placed, start: 0 };
    }
    if (placed.type === 'mdat' || placed.type === 'moof') hasMedia = true;
    if (placed.type === 'ftyp') {
      const ftyp = await source.read(offset, Math.min(placed.size, 256));
      const brands = [ftyp.toString('latin1', 8, 12)];
      for (let at = 16; at + 4 <= ftyp.length; at += 4) brands.push(ftyp.toString('latin1', at, at + 4));
      if (!brands.some((brand) => acceptedBrands.has(brand))) throw new Mp4Error('not an ISO MP4 brand');
    }
    top.push(placed);
    offset += placed.size;
  }
  if (!movie || !movieBox) throw new Mp4Error('no moov box');
  if (!hasMedia) throw new Mp4Error('no media data');
  const ftypHeader = await source.read(0, 12);
  const brand = ftypHeader.toString('latin1', 8, 12);
  try {
    return { ...readMovie(movie, movieBox), brand };
  } catch (error) {
    // A box whose declared layout reads past its own bytes is malformed, not a server fault.
    if (error instanceof RangeError) throw new Mp4Error('a box is shorter than its fields');
    throw error;
  }
}

function readMovie(buffer: Buffer, moov: Box): Omit<Mp4Info, 'brand'> {
  const mvhd = child(buffer, moov, 'mvhd');
  if (!mvhd) throw new Mp4Error('no mvhd box');
  const { timescale, duration: movieDuration } = fullBoxDuration(buffer, mvhd);
  let duration = movieDuration;
  if (duration === 0) {
    // A fragmented file may give its length in the movie extends header instead.
    const mehd = (() => {
      const mvex = child(buffer, moov, 'mvex');
      return mvex ? child(buffer, mvex, 'mehd') : undefined;
    })();
    if (mehd) {
      const version = buffer.readUInt8(body(mehd));
      duration = version === 1 ? Number(buffer.readBigUInt64BE(body(mehd) + 4)) : buffer.readUInt32BE(body(mehd) + 4);
    }
  }
  let video: { width: number; height: number; codec: string; durationMs: number } | null = null;
  for (const trak of children(buffer, moov).filter((box) => box.type === 'trak')) {
    const mdia = child(buffer, trak, 'mdia');
    const hdlr = mdia && child(buffer, mdia, 'hdlr');
    if (!mdia || !hdlr) throw new Mp4Error('track without mdia or hdlr');
    if (hdlr.size < 20 || buffer.toString('latin1', body(hdlr) + 8, body(hdlr) + 12) !== 'vide') continue;
    const tkhd = child(buffer, trak, 'tkhd');
    if (!tkhd || tkhd.size < 84) throw new Mp4Error('video track without a track header');
    const tkhdEnd = tkhd.start + tkhd.size;
    const width = Math.round(buffer.readUInt32BE(tkhdEnd - 8) / 65536);
    const height = Math.round(buffer.readUInt32BE(tkhdEnd - 4) / 65536);
    const mdhd = child(buffer, mdia, 'mdhd');
    const trackDuration = mdhd ? fullBoxDuration(buffer, mdhd) : { timescale: 0, duration: 0 };
    const stsd = (() => {
      const minf = child(buffer, mdia, 'minf');
      const stbl = minf && child(buffer, minf, 'stbl');
      return stbl && child(buffer, stbl, 'stsd');
    })();
    if (!stsd || stsd.size < 16 + 8) throw new Mp4Error('video track without sample descriptions');
    const entry = boxAt(buffer, body(stsd) + 8, stsd.start + stsd.size);
    video = {
      width,
      height,
      codec: entry.type,
      durationMs: trackDuration.timescale > 0 ? Math.round((trackDuration.duration * 1000) / trackDuration.timescale) : 0,
    };
    break;
  }
  if (!video) throw new Mp4Error('no video track');
  if (!acceptedCodecs.has(video.codec)) throw new Mp4Error(`codec ${JSON.stringify(video.codec)} is not one browsers play`);
  if (video.width < 1 || video.height < 1 || video.width > 8192 || video.height > 8192) throw new Mp4Error('bad dimensions');
  const durationMs = timescale > 0 && duration > 0 ? Math.round((duration * 1000) / timescale) : video.durationMs;
  if (!(durationMs > 0) || durationMs > 24 * 3_600_000) throw new Mp4Error('no duration');
  return { durationMs, width: video.width, height: video.height, codec: video.codec };
}

function fullBoxDuration(buffer: Buffer, box: Box): { timescale: number; duration: number } {
  const at = body(box);
  const version = buffer.readUInt8(at);
  const need = version === 1 ? 4 + 8 + 8 + 4 + 8 : 4 + 4 + 4 + 4 + 4;
  if (box.size - box.headerSize < need) throw new Mp4Error(`${box.type} box too short`);
  if (version === 1) return { timescale: buffer.readUInt32BE(at + 20), duration: Number(buffer.readBigUInt64BE(at + 24)) };
  return { timescale: buffer.readUInt32BE(at + 12), duration: buffer.readUInt32BE(at + 16) };
}
