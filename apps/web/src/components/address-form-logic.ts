/**
 * The address form's pure decisions: which region a postal code fills in, what happens to the region
 * when the country changes, the hint under the region, the tidy form of a postal code and the dial
 * code shown before a phone number. AddressForm.tsx wires them to the inputs; the rules themselves
 * are the domain's (`regionFromPostalCode`, `regionsForCountry`, `callingCode`).
 *
 * Autofill: a complete, valid postal code fills the state (US ZIP), region (Australian postcode) or
 * province (Canadian postal code, by Canada Post's first letters). It replaces an empty, autofilled
 * or saved value that the code does not give, but never a region the person picked by hand in this
 * form: a hand-picked region stays, and the schema then flags both fields ("The postal code is in
 * Alberta." on the postal code, "Province does not match the postal code." on the province), as the
 * server would. A code that serves two regions (2620: NSW and the ACT) keeps either.
 */
import { isPhoneValidForCountry, regionFromPostalCode } from '@rentloop/domain/addresses';
import { callingCode } from '@rentloop/domain/dial-codes';
import { canonicalCanadianPostalCode, isCanadianPostalCode } from '@rentloop/domain/postal-codes';
import { postalCodeNoun } from '@rentloop/domain/postal-regions';
import { regionByCode, regionFieldFor, regionsForCountry } from '@rentloop/domain/regions';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** How the region got its value: picked by hand, filled in from the postal code, or neither. */
export type RegionSource = 'hand' | 'auto' | null;

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * The region a postal code gives, once the code is complete and valid for the country: `code` is its
 * range's own, `codes` every region it serves.
 */
export function inferredRegion(
  country: string | null | undefined,
  postalCode: string | null | undefined,
): { code: string; name: string; codes: string[] } | undefined {
  const alpha2 = lower(country);
  const code = (postalCode ?? '').trim();
  if (alpha2 === 'ca' && !isCanadianPostalCode(code)) return undefined;
  const found = regionFromPostalCode(alpha2, code);
  return (
    found && {
      code: found.region.region,
      name: found.region.name,
      codes: found.regions.map((r) => r.region),
    }
  );
}

/**
 * The region code to put in the region field after the postal code changed, or `undefined` to leave
 * the field as it is (nothing inferred, already equal, or picked by hand).
 */
export function regionAfterPostalCode(input: {
  country: string | null | undefined;
  postalCode: string | null | undefined;
  current: string | null | undefined;
  source: RegionSource;
}): string | undefined {
  if (input.source === 'hand') return undefined;
  const found = inferredRegion(input.country, input.postalCode);
  if (!found || found.codes.includes((input.current ?? '').trim().toUpperCase())) return undefined;
  return found.code;
}

/**
 * The region and state after the country changed from `previous` to `country`. The field the new
 * country does not use is emptied (the US keeps its code in `state`, the others in `region`). A code
 * stays when it is one of the new country's regions ("on" typed before Canada was chosen becomes
 * "ON"); a code of the previous country's list is dropped; free text stays for a country without a
 * list. An empty region is then filled in from the postal code. `autofilled` says whether it was.
 */
export function regionsAfterCountryChange(input: {
  previous: string | null | undefined;
  country: string | null | undefined;
  postalCode: string | null | undefined;
  region: string | null | undefined;
  state: string | null | undefined;
}): { region: string; state: string; autofilled: boolean } {
  const country = lower(input.country);
  const field = regionFieldFor(country);
  const candidate = (
    (field === 'state' ? input.state || input.region : input.region || input.state) ?? ''
  ).trim();
  let value = '';
  if (regionsForCountry(country).length > 0) value = regionByCode(country, candidate)?.region ?? '';
  else if (field === 'region' && regionsForCountry(input.previous).length === 0)
    value = (input.region ?? '').trim();

  let autofilled = false;
  if (value === '') {
    const found = inferredRegion(country, input.postalCode);
    if (found) {
      value = found.code;
      autofilled = true;
    }
  }
  return field === 'state'
    ? { region: '', state: value, autofilled }
    : { region: value, state: '', autofilled };
}

/**
 * The helper text under the region: that it was filled in from the postal code. A region the code
 * does not give has no hint: the schema's errors say it on both fields.
 */
export function regionHint(input: {
  country: string | null | undefined;
  postalCode: string | null | undefined;
  current: string | null | undefined;
  source: RegionSource;
}): string | undefined {
  const country = lower(input.country);
  const found = inferredRegion(country, input.postalCode);
  const current = (input.current ?? '').trim().toUpperCase();
  if (!found || current === '') return undefined;
  if (!found.codes.includes(current) || input.source !== 'auto') return undefined;
  return `Filled in from the ${postalCodeNoun(country)}.`;
}

/** A postal code as it is saved: Canadian ones as "K1A 0B1", every other upper-case. */
export function tidyPostalCode(country: string | null | undefined, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (lower(country) === 'ca') return canonicalCanadianPostalCode(trimmed) ?? trimmed.toUpperCase();
  return trimmed.toUpperCase();
}

/**
 * The dial code shown before a phone number ("+1" for Canada), from libphonenumber-js; none when the
 * number is written internationally already ("+1 416 …") or the country has no calling code.
 */
export function dialCodePrefix(
  country: string | null | undefined,
  phone: string | null | undefined,
): string | undefined {
  if ((phone ?? '').trim().startsWith('+')) return undefined;
  return callingCode(lower(country));
}

/**
 * A phone number valid for the country, written internationally as libphonenumber-js formats it
 * ("416 555 0199" in Canada becomes "+1 416 555 0199", "030 901820" in Germany "+49 30 901820"), so
 * the saved number carries its calling code; anything else is left as typed for the schema to judge.
 * Uses the same full metadata as the domain's rule.
 */
export function tidyPhone(country: string | null | undefined, phone: string | null | undefined): string {
  const value = (phone ?? '').trim();
  const alpha2 = lower(country);
  if (!isPhoneValidForCountry(value, alpha2)) return phone ?? '';
  return (
    parsePhoneNumberFromString(value, alpha2.toUpperCase() as CountryCode)?.formatInternational() ?? value
  );
}

/** A choice of a coded select: a country (`ca`, Canada) or a region (`ON`, Ontario). */
export interface CodeOption {
  code: string;
  name: string;
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The choices matching what was typed, best first: the exact code ("on" gives Ontario, "us" the
 * United States), then names starting with the text, then names with a word starting with it, then
 * names containing it. Accents and case are ignored ("quebec" finds Québec).
 */
export function filterCodeOptions<T extends CodeOption>(options: readonly T[], typed: string): T[] {
  const text = fold(typed.trim());
  if (text === '') return [...options];
  const rank = (option: T): number => {
    const name = fold(option.name);
    if (fold(option.code) === text) return 0;
    if (name.startsWith(text)) return 1;
    if (name.split(/[\s\-'’(]+/).some((word) => word.startsWith(text))) return 2;
    if (name.includes(text)) return 3;
    return 4;
  };
  return options
    .map((option, index) => ({ option, index, rank: rank(option) }))
    .filter((entry) => entry.rank < 4)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.option);
}
