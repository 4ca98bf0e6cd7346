/**
 * The address form's pure decisions: which region a postal code fills in, what happens to the region
 * when the country changes, the hint under the region, the tidy form of a postal code and the dial
 * code shown before a phone number. AddressForm.tsx wires them to the inputs; the rules themselves
 * are the domain's (`regionFromPostalCode`, `regionsForCountry`, `callingCode`).
 *
 * Autofill: a complete, valid postal code fills the state (US ZIP), region (Australian postcode) or
 * province (Canadian postal code, when the spec's table gives one). It replaces an empty, autofilled
 * or saved value, but never a region the person picked by hand in this form: a hand-picked region
 * stays, and for Canada the schema then says "Province does not match the postal code." if the two
 * disagree (US and Australian ranges are not enforced, since real codes cross state lines; the hint
 * under the field names the state the code gives).
 */
import { isPhoneValidForCountry, regionFromPostalCode } from '@rentloop/domain/addresses';
import { callingCode } from '@rentloop/domain/dial-codes';
import { canonicalCanadianPostalCode, isCanadianPostalCode } from '@rentloop/domain/postal-codes';
import { regionByCode, regionFieldFor, regionsForCountry } from '@rentloop/domain/regions';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** How the region got its value: picked by hand, filled in from the postal code, or neither. */
export type RegionSource = 'hand' | 'auto' | null;

const lower = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/** The region a postal code gives, once the code is complete and valid for the country. */
export function inferredRegion(
  country: string | null | undefined,
  postalCode: string | null | undefined,
): { code: string; name: string } | undefined {
  const alpha2 = lower(country);
  const code = (postalCode ?? '').trim();
  if (alpha2 === 'ca' && !isCanadianPostalCode(code)) return undefined;
  const found = regionFromPostalCode(alpha2, code);
  return found && { code: found.region.region, name: found.region.name };
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
  if (!found || found.code === (input.current ?? '').trim().toUpperCase()) return undefined;
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

/** "ZIP code", "postcode", "postal code": how the hint names the country's postal code. */
function postalCodeNoun(country: string): string {
  if (country === 'us') return 'ZIP code';
  if (country === 'au') return 'postcode';
  return 'postal code';
}

/**
 * The helper text under the region: that it was filled in from the postal code, or which region the
 * postal code gives when the chosen one differs (Canada then also shows the schema's error).
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
  const noun = postalCodeNoun(country);
  if (found.code === current) return input.source === 'auto' ? `Filled in from the ${noun}.` : undefined;
  return `The ${noun} is in ${found.name}.`;
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
