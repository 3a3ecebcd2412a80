import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, errorCode, type TestContext, type TestUser } from '../harness.ts';

/**
 * docs/architecture.md#api-conventions: bodies are UTF-8. A body labelled with another charset
 * would be read as UTF-8 all the same (Latin-1 or UTF-16 bytes turned into other text than the
 * sender meant), so it is refused with 415 before anything reads it.
 */
describe('request body charsets', () => {
  let t: TestContext;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestContext();
    user = await t.createUser();
  });
  afterAll(() => t.close());

  const send = (contentType: string, payload: Buffer | string = '{"language":"ja"}') =>
    t.request({ method: 'PATCH', url: '/api/users/user-profile/currency-and-language', cookie: user.cookie, headers: { 'content-type': contentType }, payload });
  const language = async () => ((await t.request({ url: '/api/users/display-info', cookie: user.cookie })).json() as { language?: string }).language;

  it.each([
    'application/json; charset=iso-8859-1',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/json;charset=UTF-16LE',
    'application/json; charset="windows-1252"',
    'application/json; charset=euc-kr',
    'application/json; charset=shift_jis',
    'application/json; charset=',
    'multipart/form-data; boundary=x; charset=iso-8859-1',
  ])('refuses a body labelled %s with 415 and changes nothing', async (contentType) => {
    const before = await language();
    const response = await send(contentType, contentType.includes('utf-16') ? Buffer.from('{"language":"ja"}', 'utf16le') : '{"language":"ja"}');
    expect([response.statusCode, errorCode(response)], contentType).toEqual([415, 'request.unsupported_media_type']);
    expect(await language()).toBe(before);
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF-8', 'application/json;charset="utf-8"', 'application/json; charset=utf8'])(
    'takes a body labelled %s',
    async (contentType) => {
      const response = await send(contentType);
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(200);
    },
  );
});
