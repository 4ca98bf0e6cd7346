/** `password_reset` -> "Password reset", `login_failed` -> "Login failed". */
export function humanize(word: string): string {
  const text = word.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : word;
}
