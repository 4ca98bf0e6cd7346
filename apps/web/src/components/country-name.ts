/**
 * A country's English name from the browser (`Intl.DisplayNames`). On its own, apart from
 * address-format.ts, so the customer list can name countries without loading the region tables that
 * formatting whole addresses needs.
 */
const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The English name of a two-letter country code, or null when it is not one. */
export function countryName(code: string | null | undefined): string | null {
  const upper = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return null;
  try {
    const name = displayNames.of(upper);
    return name && name !== upper ? name : null;
  } catch {
    return null;
  }
}
