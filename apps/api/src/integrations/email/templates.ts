/** The account emails. Plain, readable HTML; user-supplied text is escaped. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[], action: { label: string; href: string }) {
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1d2b36;max-width:560px;margin:auto">
<h2 style="color:#00a57e">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}
<p><a href="${escapeHtml(action.href)}" style="background:#00e3ae;color:#06251c;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#6b7b86">If the button does not work, open this address: ${escapeHtml(action.href)}</p>
</body></html>`;
}

export const verifyEmailMail = (name: string, href: string) => ({
  subject: 'Confirm your email address',
  html: layout(
    'Confirm your email address',
    [
      `Hello ${escapeHtml(name)},`,
      'please confirm your email address for Rentloop. The link is valid for 24 hours.',
    ],
    { label: 'Confirm email', href },
  ),
});

export const passwordResetMail = (name: string, href: string) => ({
  subject: 'Reset your Rentloop password',
  html: layout(
    'Reset your password',
    [
      `Hello ${escapeHtml(name)},`,
      'someone (hopefully you) asked to reset your Rentloop password. The link is valid for 60 minutes and works once.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
    { label: 'Choose a new password', href },
  ),
});

/**
 * An invitation. To a company it reads the same for everybody (a new address that chooses its first
 * password, or an account that only accepts), and its link is a secret as a whole (`linkSecrets`): the
 * copy kept in the company's Email History must not tell whether the address had an account.
 */
export const invitationMail = (name: string, companyName: string | null, inviter: string, href: string) => ({
  subject: companyName ? `You are invited to ${companyName} on Rentloop` : 'You are invited to Rentloop',
  html: companyName
    ? layout(
        `Welcome to ${companyName}`,
        [
          `Hello ${escapeHtml(name)},`,
          `${escapeHtml(inviter)} invited you to work in ${escapeHtml(companyName)} on Rentloop.`,
          'Open the link to accept; if you are new to Rentloop, you choose your password there. The link is valid for 7 days and works once.',
        ],
        { label: 'Accept the invitation', href },
      )
    : layout(
        'Welcome to Rentloop',
        [
          `Hello ${escapeHtml(name)},`,
          `${escapeHtml(inviter)} invited you to Rentloop.`,
          'Choose your password to sign in. The link is valid for 7 days and works once.',
        ],
        { label: 'Set your password', href },
      ),
});

/** A link hidden whole in the kept copy (as written into the HTML, then as given), and its token. */
export const linkSecrets = (href: string, token: string) => [escapeHtml(href), href, token];
