/**
 * Where to go after logging in: the `?next=` (or router state) path, only when it stays on this
 * site — a path, not `//other.site` or `https://…` (an open redirect would let a phishing link
 * borrow our login page). The login and signup pages themselves are not destinations.
 */
export function safeNextPath(value: unknown, origin = window.location.origin): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (/^\/(login|signup)\/?$/i.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page to open after a successful login. */
export const DEFAULT_AFTER_LOGIN = '/admin';
