import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { box, fakeExe, minimalMp4 } from '../../test/mp4-kit.ts';
import { Mp4Error, readMp4, readMp4File, type ByteSource } from './mp4.ts';

const bufferSource = (bytes: Buffer): ByteSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
});
const read = (bytes: Buffer) => readMp4(bufferSource(bytes));

describe('the MP4 box reader', () => {
  it('reads the duration, the dimensions, the codec and the brand', async () => {
    await expect(read(minimalMp4({ timescale: 600, duration: 1500, width: 1080, height: 1920, codec: 'avc1' }))).resolves.toEqual({
      durationMs: 2500,
      width: 1080,
      height: 1920,
      codec: 'avc1',
      brand: 'isom',
    });
  });

  it('reads a real encoded file (the committed fixture)', async () => {
    const file = path.join(import.meta.dirname, '../../test/fixtures/film.mp4');
    const info = await readMp4File(file);
    expect(info).toMatchObject({ width: 160, height: 90, codec: 'avc1' });
    expect(info.durationMs).toBeGreaterThan(900);
    expect(info.durationMs).toBeLessThan(1100);
    expect(fs.statSync(file).size).toBeLessThan(50 * 1024);
  });

  it.each([
    ['a renamed executable', fakeExe()],
    ['an empty buffer', Buffer.alloc(0)],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')],
    ['no ftyp first', Buffer.concat([box('free', Buffer.alloc(8)), minimalMp4()])],
    ['a QuickTime brand only', minimalMp4({ brand: 'qt  ' }).fill(0x20, 16, 28)],
    ['no media data', minimalMp4({ media: false })],
    ['an audio-only file', minimalMp4({ handler: 'soun' })],
    ['a codec browsers do not play', minimalMp4({ codec: 'mjp2' })],
    ['a zero duration', minimalMp4({ duration: 0 })],
    ['zero dimensions', minimalMp4({ width: 0 })],
    ['trailing garbage', Buffer.concat([minimalMp4(), Buffer.from('garbage')])],
  ])('refuses %s', async (_name, bytes) => {
    await expect(read(bytes)).rejects.toBeInstanceOf(Mp4Error);
  });

  it('refuses every truncation of a valid file', async () => {
    const whole = minimalMp4({ mediaBytes: 40 });
    for (let length = 0; length < whole.length; length += 1) {
      await expect(read(whole.subarray(0, length)), `cut at ${length}`).rejects.toBeInstanceOf(Mp4Error);
    }
  });

  it('refuses a box whose size runs inside the movie box past its parent', async () => {
    const bytes = minimalMp4();
    const trak = bytes.indexOf('trak', 0, 'latin1') - 4;
    bytes.writeUInt32BE(bytes.readUInt32BE(trak) + 100, trak);
    await expect(read(bytes)).rejects.toBeInstanceOf(Mp4Error);
  });

  it('never throws anything but an Mp4Error on random bytes or flipped bytes', async () => {
    const valid = minimalMp4();
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 500; round += 1) {
      const bytes = Buffer.from(valid);
      for (let flips = 0; flips < 4; flips += 1) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      const outcome = await read(bytes).then(
        () => 'read',
        (error: unknown) => (error instanceof Mp4Error ? 'refused' : error),
      );
      expect(['read', 'refused']).toContain(outcome);
    }
  });
});
