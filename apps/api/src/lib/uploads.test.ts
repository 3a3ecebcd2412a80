import fs from 'node:fs';
import os from 'node:os';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { minimalMp4 } from '../../test/mp4-kit.ts';
import { blankPng, multipart, type Part } from '../../test/uploads-kit.ts';
import { registerErrorHandling } from '../plugins/errors.ts';
import type { App } from '../types.ts';
import { AppError } from './errors.ts';
import { acceptUploads, imageFiles, mp4Files, readUpload, uploadForm, type DiskFile } from './uploads.ts';

const tempPrefix = 'orchard-upload-test-';
const leftovers = () => fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(tempPrefix));

/** A form of every shape at once: two text fields, images in memory, one video on disk. */
const form = uploadForm({
  name: 'sample',
  fields: z.strictObject({
    title: z.string().min(1).max(20),
    count: z.string().regex(/^[0-9]+$/).transform(Number).optional(),
  }),
  files: {
    images: { count: { min: 0, max: 3 }, maxBytes: 2000, accepts: imageFiles, keep: 'memory' },
    video: { count: { min: 1, max: 1 }, maxBytes: 4000, accepts: mp4Files, keep: 'disk' },
  },
  fieldBytes: 64,
  tempPrefix,
});

/** The same files, a form that answers a few refusals with codes of its own and reads a lone CR as a line break. */
const ownForm = uploadForm({
  ...form,
  lineBreaks: 'any',
  refuse: (refusal) => (refusal.kind === 'too_many_files' ? new AppError(413, 'inquiries.too_many_images', 'Too many images.') : undefined),
});

const png = blankPng(2, 2);
const mp4 = minimalMp4();
const image = (content: Buffer = png, filename = 'a.png'): Part => ({ name: 'images', filename, contentType: 'image/png', content });
const video = (content: Buffer = mp4, filename = 'clip.mp4'): Part => ({ name: 'video', filename, contentType: 'video/mp4', content });
const title = (content = 'Hello'): Part => ({ name: 'title', content });

describe('readUpload, the one multipart reader', () => {
  let app: App;
  beforeAll(async () => {
    app = Fastify({ logger: false }) as unknown as App;
    registerErrorHandling(app);
    await app.register(async (scope: App) => {
      await acceptUploads(scope);
      for (const [url, declared] of [['/sample', form], ['/own', ownForm]] as const) {
        scope.post(url, async (request) => {
          const { fields, files } = await readUpload(request, declared);
          const disk: DiskFile = files.video[0]!;
          const stored = fs.readFileSync(disk.path);
          fs.rmSync(disk.path);
          return { fields, images: files.images.map((bytes) => bytes.toString('base64')), video: { path: disk.path, bytes: disk.bytes, same: stored.equals(mp4) } };
        });
      }
    });
    app.post('/elsewhere', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());
  afterEach(() => expect(leftovers()).toEqual([]));

  const send = (parts: Part[], url = '/sample', headers: Record<string, string> = {}) => {
    const body = multipart(parts);
    return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const refusal = async (response: Awaited<ReturnType<typeof send>>) => [response.statusCode, (response.json() as { error: { code: string } }).error.code];

  it('returns the fields through their schema, images as bytes and the video as a temporary file, whatever the order of the parts', async () => {
    const response = await send([image(), video(), { name: 'count', content: '42' }, image(), title('Fields last')]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { fields: unknown; images: string[]; video: DiskFile & { same: boolean } };
    expect(body.fields).toEqual({ title: 'Fields last', count: 42 });
    expect(body.images).toEqual([png.toString('base64'), png.toString('base64')]);
    expect(body.video).toMatchObject({ bytes: mp4.length, same: true });
    expect(body.video.path.startsWith(`${os.tmpdir()}/${tempPrefix}`)).toBe(true);
  });

  it('reads a browser\u2019s CRLF as LF, and a lone CR only where the form says so', async () => {
    const crlf = await send([title('a\r\nb\rc'), video()]);
    expect((crlf.json() as { fields: { title: string } }).fields.title).toBe('a\nb\rc');
    const any = await send([title('a\r\nb\rc'), video()], '/own');
    expect((any.json() as { fields: { title: string } }).fields.title).toBe('a\nb\nc');
  });

  it('refuses wrong and missing fields with the path of the field', async () => {
    const cases: [Part[], string][] = [
      [[title(), { name: 'authorId', content: 'x' }, video()], '/authorId'],
      [[video()], '/title'],
      [[title(''), video()], '/title'],
      [[title(), { name: 'count', content: '1e3' }, video()], '/count'],
      [[title(), { name: 'count', content: '1', contentType: 'application/json' }, video()], '/count'],
      [[title('x'.repeat(65)), video()], '/title'],
    ];
    for (const [parts, path] of cases) {
      const response = await send(parts);
      expect(await refusal(response), response.body).toEqual([400, 'validation.invalid']);
      expect(response.json()).toMatchObject({ error: { details: [{ in: 'body', path }] } });
    }
  });

  it('refuses a field sent twice, even when both values are valid', async () => {
    const response = await send([title('one'), title('two'), video()]);
    expect(await refusal(response)).toEqual([400, 'validation.invalid']);
    expect(response.json()).toMatchObject({ error: { message: 'Send the field "title" once.', details: [{ path: '/title' }] } });
  });

  it('refuses a file in an undeclared field, a missing required file and an empty one', async () => {
    expect(await refusal(await send([title(), video(), { ...image(), name: 'avatar' }]))).toEqual([400, 'validation.invalid']);
    expect(await refusal(await send([title(), image()]))).toEqual([400, 'uploads.missing_file']);
    expect(await refusal(await send([title(), video(Buffer.alloc(0))]))).toEqual([422, 'uploads.empty_file']);
    expect(await refusal(await send([title(), video(), image(Buffer.alloc(0))]))).toEqual([422, 'uploads.empty_file']);
  });

  it('refuses more files than a field takes, by the field\u2019s count and by the parser\u2019s total, in the form\u2019s own code where it has one', async () => {
    expect(await refusal(await send([title(), video(), video()]))).toEqual([413, 'uploads.too_many_files']);
    expect(await refusal(await send([title(), video(), image(), image(), image(), image()]))).toEqual([413, 'uploads.too_many_files']);
    expect(await refusal(await send([title(), video(), video()], '/own'))).toEqual([413, 'inquiries.too_many_images']);
    // Counted before any file's kind is judged: four files that are not images are too many, not of the wrong type.
    expect(await refusal(await send([title(), video(), ...Array.from({ length: 4 }, () => image(Buffer.from('text')))]))).toEqual([413, 'uploads.too_many_files']);
  });

  it('takes a file of exactly its field\u2019s limit and refuses one byte over, in memory and on disk, keeping nothing', async () => {
    const sized = (start: Buffer, size: number) => Buffer.concat([start, Buffer.alloc(size - start.length)]);
    expect((await send([title(), video(), image(sized(png, 2000))])).statusCode).toBe(200);
    // 2,001 bytes is within the parser's limit (the video's 4,000): the images' own limit refuses it.
    expect(await refusal(await send([title(), video(), image(sized(png, 2001))]))).toEqual([413, 'uploads.too_large']);
    expect(await refusal(await send([title(), video(sized(mp4, 4001))]))).toEqual([413, 'uploads.too_large']);
  });

  it('refuses a body declared larger than everything the form allows before reading it', async () => {
    const response = await send([title(), video()], '/sample', { 'content-length': String(1024 * 1024) });
    expect(await refusal(response)).toEqual([413, 'uploads.too_large']);
    expect(response.json()).toMatchObject({ error: { details: { maxBytes: 4000 } } });
  });

  it('tells a file\u2019s kind from its bytes, never from its name or declared type', async () => {
    const renamed = await send([title(), video(), image(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100, 1)]), 'photo.png')]);
    expect(await refusal(renamed)).toEqual([415, 'uploads.unsupported_type']);
    expect(renamed.json()).toMatchObject({ error: { message: 'Upload a JPEG, PNG, WebP or GIF image.', details: { accepted: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] } } });
    const pngAsVideo = await send([title(), video(png, 'clip.mp4')]);
    expect(pngAsVideo.json()).toMatchObject({ error: { code: 'uploads.unsupported_type', message: 'Upload an MP4 video.', details: { accepted: ['video/mp4'] } } });
    const mislabelled = await send([title(), video(), { name: 'images', filename: 'x.exe', contentType: 'application/x-msdownload', content: png }]);
    expect(mislabelled.statusCode, mislabelled.body).toBe(200);
  });

  it('survives hostile names: prototype keys refused, file names never used', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(await refusal(await send([title(), video(), { name, content: 'x' }])), name).toEqual([400, 'validation.invalid']);
      expect(await refusal(await send([title(), video(), { ...image(), name }])), name).toEqual([400, 'validation.invalid']);
    }
    expect(await refusal(await send([title(), video(), { name: 'x'.repeat(300), content: 'x' }]))).toEqual([400, 'validation.invalid']);
    const traversal = await send([title(), video(mp4, `../../${tempPrefix}escaped\u0000.php`), image(png, '/etc/passwd')]);
    expect(traversal.statusCode, traversal.body).toBe(200);
    const stored = (traversal.json() as { video: DiskFile }).video.path;
    expect(stored).toMatch(new RegExp(`^${os.tmpdir()}/${tempPrefix}[0-9a-f]{24}\\.upload$`));
  });

  it('answers a body that is not multipart, or is malformed, in the error shape', async () => {
    const json = await app.inject({ method: 'POST', url: '/sample', payload: { title: 'x' } });
    expect(await refusal(json)).toEqual([415, 'request.unsupported_media_type']);
    expect(json.json()).toMatchObject({ error: { message: 'Send the sample as multipart/form-data.' } });
    const broken = await app.inject({ method: 'POST', url: '/sample', headers: { 'content-type': 'multipart/form-data; boundary=zz' }, payload: `--zz\r\nContent-Disposition: form-data; name="title"\r\n\r\nx` });
    expect(await refusal(broken)).toEqual([400, 'validation.invalid']);
    const cut = multipart([title(), video()]);
    const truncated = await app.inject({ method: 'POST', url: '/sample', headers: cut.headers, payload: cut.payload.subarray(0, cut.payload.length - 300) });
    expect(await refusal(truncated)).toEqual([400, 'validation.invalid']);
    expect(await refusal(await send([title()], '/elsewhere'))).toEqual([415, 'request.unsupported_media_type']);
  });
});
