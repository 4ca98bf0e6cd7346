const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The English name of an ISO 639-1 code (`fr` -> French). */
export function languageName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}
