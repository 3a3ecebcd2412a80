import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeNextPath, withNext } from './return-path.ts';

describe('the way back after sign-in and the join (docs/product.md#accounts)', () => {
  it.each(['/my-page\n//evil.example', '/my-page\u0000', '/a\tb', '/x\u007f', '//evil.example', '/\\evil.example', 'https://evil.example', '/a\\b', '', null])(
    'refuses %j as the path after sign-in, as the server does',
    (next) => {
      expect(safeNextPath(next)).toBe('/');
    },
  );

  it.each(['/my-page/point-charge', '/artist/group/3?tab=films', '/日本語'])('keeps the same-origin path %j', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it('reads through the login and join pages to where they were going, and refuses what they carry unsafely', () => {
    expect(safeNextPath('/login?next=%2Fproject%2F1')).toBe('/project/1');
    expect(safeNextPath('/join?next=%2Flogin%3Fnext%3D%252Fproject%252F1%253Ftab%253Dinfo')).toBe('/project/1?tab=info');
    expect(safeNextPath('/login')).toBe('/');
    expect(safeNextPath('/login?next=%2F%2Fevil.example')).toBe('/');
  });

  it('carries next only when it leads somewhere other than Home', () => {
    expect(withNext('/join', '/')).toBe('/join');
    expect(withNext('/join', '/login')).toBe('/join');
    expect(withNext('/join', '/project/1?tab=info')).toBe('/join?next=%2Fproject%2F1%3Ftab%3Dinfo');
    expect(loginReturningTo('/login?next=%2Fproject%2F1')).toBe('/login?next=%2Fproject%2F1');
    expect(loginReturningTo('https://evil.example')).toBe('/login');
  });
});
