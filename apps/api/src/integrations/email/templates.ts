/**
 * HTML helpers of outgoing mail. The mails themselves are templates (modules/templates): the operators'
 * defaults and the companies' own texts.
 */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A link hidden whole in the kept copy (as written into the HTML, then as given), and its token. */
export const linkSecrets = (href: string, token: string) => [escapeHtml(href), href, token];
