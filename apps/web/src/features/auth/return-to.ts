/**
 * A signed-out deep link returns to its target after sign-in (issue 11, "Navigation"): the guard sends
 * the user to `/auth/login?next=<path>`, in the URL so that a reload of the sign-in page keeps it, and
 * the sign-in page goes there once signed in. Only a path of this app is followed: an absolute URL,
 * a protocol-relative `//host` or a path back into the sign-in and account-flow screens falls back to the home screen, so
 * the parameter cannot send anyone elsewhere (an open redirect).
 */

/** Where a signed-in user lands by default (route `cms-insights`). */
export const HOME_PATH = '/cms/insights';

const PROFILE_PATH = '/auth/profile';

/** The query parameter of the sign-in page that holds the path to return to. */
export const NEXT_PARAM = 'next';

let signedOut = false;

/** The person signed out (then no screen is a return target until the next sign-in). */
export function noteSignOut(): void {
  signedOut = true;
}

export function noteSignIn(): void {
  signedOut = false;
}

/**
 * The sign-in page's address for a user who asked for `target` (a path with its query) while signed
 * out: a deep link opened, or a session that ran out. After a sign-out, the plain sign-in page.
 */
export function loginPathFor(target: string): string {
  if (signedOut) return '/auth/login';
  const next = safeNext(target);
  return next === HOME_PATH ? '/auth/login' : `/auth/login?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}

/** The path to go to after sign-in: `raw` when it is a screen of this app, else the home screen. */
export function safeNext(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return HOME_PATH;
  // Control characters (a newline, a tab) have no place in a path and browsers strip some of them.
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return HOME_PATH;
  const path = raw.split(/[?#]/, 1)[0] ?? '';
  // The sign-in, reset and verification screens are no target; the profile (an auth route) is.
  if (path === '/' || path === '/auth' || (path.startsWith('/auth/') && path !== PROFILE_PATH))
    return HOME_PATH;
  return raw;
}
