/**
 * Spec 01 §2: paths containing cms, admin, super or auth/profile use the admin layout; the rest the
 * default. Matched on whole path segments, so a token in a link (`/auth/verify/<token>`) that happens
 * to contain one of these words never changes the layout.
 */
export function layoutFor(pathname: string): 'admin' | 'default' {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.some((s) => s === 'cms' || s === 'admin' || s === 'super')) return 'admin';
  return segments[0] === 'auth' && segments[1] === 'profile' ? 'admin' : 'default';
}
