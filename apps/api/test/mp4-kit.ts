/** Minimal, valid ISO-BMFF files built box by box for the film tests (docs/decisions/074-films.md). */

export function box(type: string, ...parts: Buffer[]): Buffer {
  const content = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

const u32 = (...values: number[]) => {
  const buffer = Buffer.alloc(4 * values.length);
  values.forEach((value, index) => buffer.writeUInt32BE(value >>> 0, index * 4));
  return buffer;
};
const u16 = (...values: number[]) => {
  const buffer = Buffer.alloc(2 * values.length);
  values.forEach((value, index) => buffer.writeUInt16BE(value, index * 2));
  return buffer;
};

export type Mp4Options = {
  brand?: string;
  timescale?: number;
  duration?: number;
  width?: number;
  height?: number;
  codec?: string;
  handler?: string;
  /** Bytes of media data (zeros). */
  mediaBytes?: number;
  /** false leaves the mdat box out. */
  media?: boolean;
};

/** ftyp, moov (mvhd, one track: tkhd, mdia (mdhd, hdlr, minf, stbl, stsd with one sample entry)), mdat. */
export function minimalMp4(options: Mp4Options = {}): Buffer {
  const { brand = 'isom', timescale = 1000, duration = 2500, width = 320, height = 180, codec = 'avc1', handler = 'vide', mediaBytes = 64, media = true } = options;
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(512), Buffer.from(`${brand}iso2mp41`, 'latin1'));
  const mvhd = box('mvhd', u32(0, 0, 0, timescale, duration, 0x00010000), u16(0x0100, 0), Buffer.alloc(8), u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000), Buffer.alloc(24), u32(2));
  const tkhd = box('tkhd', u32(3, 0, 0, 1, 0, duration), Buffer.alloc(8), u16(0, 0, 0, 0), u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000), u32(width * 65536, height * 65536));
  const mdhd = box('mdhd', u32(0, 0, 0, timescale, duration), u16(0x55c4, 0));
  const hdlr = box('hdlr', u32(0, 0), Buffer.from(handler, 'latin1'), u32(0, 0, 0), Buffer.from('VideoHandler\0', 'latin1'));
  const sampleEntry = box(codec, Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(width, height), u32(0x00480000, 0x00480000, 0), u16(1), Buffer.alloc(32), u16(0x18, 0xffff));
  const stsd = box('stsd', u32(0, 1), sampleEntry);
  const stbl = box('stbl', stsd, box('stts', u32(0, 0)), box('stsc', u32(0, 0)), box('stsz', u32(0, 0, 0)), box('stco', u32(0, 0)));
  const minf = box('minf', box('vmhd', u32(1), Buffer.alloc(8)), stbl);
  const moov = box('moov', mvhd, box('trak', tkhd, box('mdia', mdhd, hdlr, minf)));
  return Buffer.concat([ftyp, moov, ...(media ? [box('mdat', Buffer.alloc(mediaBytes))] : [])]);
}

/** An MP4 of exactly `bytes` bytes (the mdat fills the rest). */
export function mp4OfSize(bytes: number): Buffer {
  const bare = minimalMp4({ mediaBytes: 0 });
  return minimalMp4({ mediaBytes: bytes - bare.length });
}

/** A Windows executable's first bytes ("MZ", the DOS stub) under any name. */
export function fakeExe(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return bytes;
}
