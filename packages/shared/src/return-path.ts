/**
 * A return path after sign-in must be a same-origin path: one leading slash, no scheme, no
 * protocol-relative `//host`, no backslash tricks, no control characters. Free of zod, so the
 * web's login page checks `?next=` with the same rule (`@orchard/shared/return-path`).
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if (path.includes('\\') || [...path].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  try {
    const url = new URL(path, 'http://orchard.invalid');
    return url.host === 'orchard.invalid';
  } catch {
    return false;
  }
}
