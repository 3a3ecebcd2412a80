import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { profilePictureMaxBytes, profilePictureSize } from '@orchard/shared';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../../../test/harness.ts';
import { blankPng, measured, multipart, pixelFloodPng, type Part } from '../../../test/uploads-kit.ts';
import { encodingPipelineOf, resizeInput } from '../../../test/sharp-spy.ts';
import { regionWithinShape } from '../../lib/images.ts';
import { users } from './users.table.ts';

vi.mock('sharp', async (original) => (await import('../../../test/sharp-spy.ts')).spiedSharp(await original()));

const photo = (options: { width?: number; height?: number } = {}) =>
  sharp({ create: { width: options.width ?? 900, height: options.height ?? 600, channels: 3, background: '#ff7a45' } });

describe('profile picture (docs/quality.md#s6)', () => {
  let t: TestContext;

  const upload = (user: TestUser, parts: Part[]) =>
    t.request({ method: 'PUT', url: '/api/users/user-profile/picture', cookie: user.cookie, ...multipart(parts) });
  const uploadFile = (user: TestUser, content: Buffer | string, filename = 'me.jpg', contentType = 'image/jpeg') =>
    upload(user, [{ name: 'file', filename, contentType, content }]);
  const pictureOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.profileImagePath;
  const storedFiles = () => {
    const folder = path.join(t.files.root, 'avatars');
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };
  const storedBytes = (key: string) => fs.readFileSync(path.join(t.files.root, key));

  async function expectRefused(response: Awaited<ReturnType<typeof upload>>, status: number, code: string, user: TestUser) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
    expect(await pictureOf(user.id)).toBeNull();
  }

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('re-encodes a JPEG to a square WebP under a generated name and serves it with nosniff', async () => {
    const user = await t.createUser();
    const response = await uploadFile(user, await photo().jpeg().toBuffer());
    expect(response.statusCode).toBe(200);
    const { profileImageUrl } = response.json() as { profileImageUrl: string };
    expect(profileImageUrl).toMatch(/^\/api\/files\/avatars\/[0-9a-f]{32}\.webp$/);
    const key = (await pictureOf(user.id))!;
    expect(profileImageUrl).toBe(`/api/files/${key}`);
    const metadata = await sharp(storedBytes(key)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: profilePictureSize, height: profilePictureSize });

    const served = await t.request({ url: profileImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');

    expect((await t.request({ url: '/api/users/display-info', cookie: user.cookie })).json()).toMatchObject({ profileImageUrl });
  });

  it.each([
    ['PNG', () => photo().png().toBuffer()],
    ['WebP', () => photo().webp().toBuffer()],
    ['GIF', () => photo().gif().toBuffer()],
  ])('accepts a %s, whatever name and type the client gives', async (_label, make) => {
    const user = await t.createUser();
    const response = await uploadFile(user, await make(), 'picture.txt', 'text/plain');
    expect(response.statusCode).toBe(200);
    expect((await sharp(storedBytes((await pictureOf(user.id))!)).metadata()).format).toBe('webp');
  });

  it('strips EXIF, GPS included', async () => {
    const user = await t.createUser();
    const tagged = await photo({ width: 600, height: 300 })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 33/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '126/1 58/1 0/1' },
      })
      .toBuffer();
    const source = await sharp(tagged).metadata();
    expect(source.exif).toBeDefined();
    expect(source.exif!.includes(Buffer.from('secret-owner'))).toBe(true);
    // The GPS IFD pointer tag (0x8825), little-endian as sharp writes it.
    expect(source.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    expect((await uploadFile(user, tagged)).statusCode).toBe(200);
    const stored = storedBytes((await pictureOf(user.id))!);
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
  });

  it('replaces the previous picture and removes its file; DELETE reverts to the default', async () => {
    const user = await t.createUser();
    await uploadFile(user, await photo().jpeg().toBuffer());
    const first = (await pictureOf(user.id))!;
    await uploadFile(user, await photo().png().toBuffer(), 'second.png', 'image/png');
    const second = (await pictureOf(user.id))!;
    expect(second).not.toBe(first);
    expect(fs.existsSync(path.join(t.files.root, first))).toBe(false);
    expect(fs.existsSync(path.join(t.files.root, second))).toBe(true);

    const reverted = await t.request({ method: 'DELETE', url: '/api/users/user-profile/picture', cookie: user.cookie });
    expect(reverted.statusCode).toBe(200);
    expect(reverted.json()).toEqual({ profileImageUrl: null });
    expect(await pictureOf(user.id)).toBeNull();
    expect(fs.existsSync(path.join(t.files.root, second))).toBe(false);
    expect((await t.request({ method: 'DELETE', url: '/api/users/user-profile/picture', cookie: user.cookie })).statusCode).toBe(200);
  });

  it('removes the picture file when the account is deleted', async () => {
    const user = await t.createUser();
    await uploadFile(user, await photo().jpeg().toBuffer());
    const key = (await pictureOf(user.id))!;
    const response = await t.request({ method: 'DELETE', url: '/api/users/me', cookie: user.cookie, payload: { acknowledgePointForfeit: true } });
    expect(response.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.files.root, key))).toBe(false);
  });

  it('refuses a file one byte over the limit with 413 uploads.too_large', async () => {
    const user = await t.createUser();
    const jpeg = await photo().jpeg().toBuffer();
    const oversize = Buffer.concat([jpeg, Buffer.alloc(profilePictureMaxBytes + 1 - jpeg.length)]);
    expect(oversize.length).toBe(profilePictureMaxBytes + 1);
    await expectRefused(await uploadFile(user, oversize), 413, 'uploads.too_large', user);
  });

  it('refuses two files with 413 uploads.too_many_files', async () => {
    const user = await t.createUser();
    const jpeg = await photo().jpeg().toBuffer();
    const response = await upload(user, [
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
      { name: 'file', filename: 'b.jpg', contentType: 'image/jpeg', content: jpeg },
    ]);
    await expectRefused(response, 413, 'uploads.too_many_files', user);
  });

  it('refuses an empty file, a missing file, another field and a wrong field name', async () => {
    const user = await t.createUser();
    const jpeg = await photo().jpeg().toBuffer();
    await expectRefused(await uploadFile(user, Buffer.alloc(0)), 422, 'uploads.empty_file', user);
    await expectRefused(await upload(user, []), 400, 'uploads.missing_file', user);
    await expectRefused(await upload(user, [{ name: 'note', content: 'hi' }]), 400, 'validation.invalid', user);
    await expectRefused(
      await upload(user, [
        { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg },
        { name: 'userId', content: 'someone-else' },
      ]),
      400,
      'validation.invalid',
      user,
    );
    await expectRefused(await upload(user, [{ name: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', content: jpeg }]), 400, 'validation.invalid', user);
    await expectRefused(await upload(user, [{ name: '__proto__', filename: 'a.jpg', content: jpeg }]), 400, 'validation.invalid', user);
  });

  it.each([
    ['text named .jpg', 'hello, this is not an image', 'photo.jpg'],
    ['a PHP script named .jpg.php', "<?php system($_GET['c']); ?>", 'shell.jpg.php'],
    ['an HTML page', '<html><script>alert(1)</script></html>', 'page.jpg'],
    ['a PDF', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'doc.png'],
    ['an SVG with script', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>', 'x.svg'],
    ['a JPEG signature with garbage after it', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('garbage'.repeat(50))]), 'broken.jpg'],
  ])('refuses %s', async (_label, content, filename) => {
    const user = await t.createUser();
    const response = await uploadFile(user, content, filename, 'image/jpeg');
    expect([415, 422]).toContain(response.statusCode);
    expect(['uploads.unsupported_type', 'uploads.invalid_image']).toContain(errorCode(response));
    expect(await pictureOf(user.id)).toBeNull();
  });

  it('stores a JPEG carrying a PHP payload only as a re-encoded WebP under a generated name', async () => {
    const user = await t.createUser();
    const polyglot = Buffer.concat([await photo().jpeg().toBuffer(), Buffer.from("<?php system($_GET['c']); ?>")]);
    const response = await uploadFile(user, polyglot, 'shell.jpg.php', 'application/x-php');
    expect(response.statusCode).toBe(200);
    const key = (await pictureOf(user.id))!;
    expect(key).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
    expect(storedBytes(key).includes(Buffer.from('<?php'))).toBe(false);
  });

  it.each([
    ['path traversal', '../../../../etc/passwd.jpg'],
    ['an absolute path', '/var/www/html/avatar.jpg'],
    ['Windows traversal', '..\\..\\boot.ini'],
    ['a NUL byte', 'avatar.php\u0000.jpg'],
    ['a very long name', `${'a'.repeat(5000)}.jpg`],
  ])('ignores a file name with %s: the stored name is generated', async (_label, filename) => {
    const user = await t.createUser();
    const before = new Set(storedFiles());
    const response = await uploadFile(user, await photo().jpeg().toBuffer(), filename);
    expect(response.statusCode).toBeLessThan(500);
    if (response.statusCode === 200) {
      expect(await pictureOf(user.id)).toMatch(/^avatars\/[0-9a-f]{32}\.webp$/);
      expect(storedFiles().filter((name) => !before.has(name))).toHaveLength(1);
    }
    expect(fs.readdirSync(t.files.root).sort()).toEqual(['avatars']);
  });

  it('refuses a pixel-flood PNG from its header, without a 5xx or a memory blow-up', async () => {
    const user = await t.createUser();
    const flood = pixelFloodPng();
    expect(flood.length).toBeLessThan(profilePictureMaxBytes);
    const rssBefore = process.memoryUsage().rss;
    const response = await uploadFile(user, flood, 'flood.png', 'image/png');
    const growth = process.memoryUsage().rss - rssBefore;
    await expectRefused(response, 422, 'uploads.dimensions_too_large', user);
    expect(growth).toBeLessThan(150 * 1024 * 1024);
  });

  it.each([
    [1, 4000],
    [4000, 1],
  ])('crops a tiny %i × %i PNG to a bounded shape before the resize, with a bounded memory rise and a square picture', async (width, height) => {
    const user = await t.createUser();
    const slender = blankPng(width, height);
    expect(slender.length).toBeLessThan(200);
    const { result: response, rssRise } = await measured(() => uploadFile(user, slender, 'slender.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    // The bound itself: the unbounded resize of the whole strip took a minute and 3 GB.
    const { left: _left, top: _top, ...bounded } = regionWithinShape({ width, height }, { width: profilePictureSize, height: profilePictureSize })!;
    expect(resizeInput(encodingPipelineOf(slender), { width, height })).toEqual(bounded);
    expect(rssRise).toBeLessThan(150 * 1024 * 1024);
    const metadata = await sharp(storedBytes((await pictureOf(user.id))!)).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: profilePictureSize, height: profilePictureSize });
  });

  it('refuses a body that is not multipart with 415', async () => {
    const user = await t.createUser();
    const json = await t.request({ method: 'PUT', url: '/api/users/user-profile/picture', cookie: user.cookie, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const noBody = await t.request({ method: 'PUT', url: '/api/users/user-profile/picture', cookie: user.cookie });
    expect(noBody.statusCode).toBe(415);
    const malformed = await t.request({
      method: 'PUT',
      url: '/api/users/user-profile/picture',
      cookie: user.cookie,
      payload: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    expect(await pictureOf(user.id)).toBeNull();
  });

  it('tells a caller sending any other body to send multipart/form-data, never JSON', async () => {
    const user = await t.createUser();
    for (const contentType of ['text/plain', 'application/xml', 'application/json', 'application/x-www-form-urlencoded']) {
      const response = await t.request({
        method: 'PUT',
        url: '/api/users/user-profile/picture',
        cookie: user.cookie,
        payload: contentType === 'application/json' ? '{"file":"x"}' : 'file=x',
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode, contentType).toBe(415);
      const message = (response.json() as { error: { message: string } }).error.message;
      expect(message, contentType).toContain('multipart/form-data');
      expect(message, contentType).not.toContain('application/json');
    }
  });

  it('accepts multipart on the picture route only', async () => {
    const user = await t.createUser();
    const response = await t.request({
      method: 'PATCH',
      url: '/api/users/user-profile',
      cookie: user.cookie,
      ...multipart([{ name: 'country', content: 'KR' }]),
    });
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('request.unsupported_media_type');
  });

  it('counts uploads against the uploads rate-limit bucket', async () => {
    const user = await t.createUser();
    const jpeg = await photo({ width: 64, height: 64 }).jpeg().toBuffer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= t.config.rateLimits.uploadsPerMinute; attempt++) {
      statuses.push((await uploadFile(user, jpeg)).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
