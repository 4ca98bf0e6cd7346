/**
 * Postal addresses (spec 01 §3 "Address", §5 "Address form"; spec 02 §5): the server's schema, the
 * browser form's schema, and the country rules both apply.
 *
 * - `addressSchema` is what the API accepts and stores: names, street, postal code, city and country
 *   are required; email, phone, street number, region, state, company, address addition and VAT
 *   number may be empty, and each is checked when given.
 * - `addressFormSchema` is the address form: "every field is required", read as every field a
 *   person can always fill. Required: first and last name, email, phone, street, postal code, city,
 *   country; the street number unless the street already contains one ("12 Main St", usual in
 *   Canada and the US); the region (or, in the US, the state) where the country has a list to
 *   choose from (CA, US, AU, IT, ES). Optional: company, address addition and VAT number, which a
 *   private customer does not have (a required company name would be filled with junk), and the
 *   region of a country without a list.
 *
 * Country rules (both schemas, each issue on its field's path):
 * - CA: postal code per spec 02 §5; the region, when given, must be a province code.
 * - US: ZIP of 5 digits or ZIP+4; the state, when given, must be a state code (50 + DC).
 * - AU: postcode of 4 digits; the region, when given, an Australian state or territory code.
 * - CA, US, AU: the province, state or region must be one the postal code gives (postal-regions.ts:
 *   Canada Post's first letters, USPS ZIP prefixes, Australia Post's ranges, with the codes that
 *   serve two regions accepting either), since tax follows it. A mismatch is named on both fields:
 *   `postal_code` "The postal code is in Alberta.", and `region` (`state` in the US) "Province does
 *   not match the postal code.".
 * - IT, ES: the region, when given, a province code.
 * - Everywhere: the street must contain a number when there is no street number ("Requires a
 *   number."); a street number must be numeric ("Only numbers allowed."); the email must be valid
 *   and without whitespace; the phone must be valid for the address's country (libphonenumber-js,
 *   full metadata); the country must be a known ISO 3166-1 code.
 * Region codes are stored upper-case, Canadian postal codes as "K1A 0B1", other postal codes
 * upper-case. The same tables fill the province, state or region in the form.
 */
import {
  type CountryCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/max';
// ~1.4 kB gzip: one example mobile number per country, for a message that shows the expected format.
import phoneExamples from 'libphonenumber-js/mobile/examples';
import { z } from 'zod';
import { safeText } from './api.ts';
import { countryByAlpha2 } from './countries.ts';
import { MESSAGES } from './messages.ts';
import {
  canonicalCanadianPostalCode,
  isAustralianPostcode,
  isCanadianPostalCode,
  isUsZipCode,
} from './postal-codes.ts';
import {
  postalCodeNoun,
  postalRegionMismatch,
  regionInSentence,
  regionsOfPostalCode,
} from './postal-regions.ts';
import {
  type Region,
  regionByCode,
  regionFieldFor,
  regionForAuPostcode,
  regionsForCountry,
  stateForUsZip,
} from './regions.ts';
import { emailError, isBlank } from './validation.ts';

export { regionFieldFor, regionForAuPostcode, regionsForCountry, stateForUsZip };

const text = (max: number) => safeText().trim().max(max);
const required = (max: number) => text(max).min(1, MESSAGES.required);
const optional = (max: number) => text(max).optional().nullable();

/** The address fields, without the cross-field rules: for `.pick()`, `.partial()` and the like. */
export const addressFieldsSchema = z.object({
  first_name: required(100),
  last_name: required(100),
  email: optional(254),
  phone: optional(40),
  street: required(200),
  street_number: optional(20),
  postal_code: required(20),
  city: required(100),
  region: optional(100),
  state: optional(100),
  country: safeText()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, MESSAGES.countryCodeFormat),
  company: optional(200),
  address_addition: optional(200),
  vat_number: optional(40),
});

const PHONE_CHARACTERS = /^\+?[\d\s().\-/]+$/;

/**
 * A phone number valid for the country (libphonenumber-js with full metadata): national ("(416)
 * 555-0199" for `ca`) or international ("+1 416 555 0199"); an international number of another
 * country is refused (a US number for a Canadian address). Only digits, spaces, a leading "+" and
 * ( ) . - / are allowed around the digits.
 */
export function isPhoneValidForCountry(phone: unknown, alpha2: unknown): boolean {
  if (typeof phone !== 'string' || typeof alpha2 !== 'string') return false;
  const country = alpha2.toUpperCase();
  if (!PHONE_CHARACTERS.test(phone.trim()) || !isSupportedCountry(country)) return false;
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() === true && parsed.country === country;
}

/**
 * The message for a phone number that is not valid for the country: it shows the expected format with
 * the country's example number, written internationally and nationally ("Phone number like +1 506 234
 * 5678 or (506) 234-5678."); the general message for a country without an example.
 */
export function phoneInvalidMessage(alpha2: unknown): string {
  const country = typeof alpha2 === 'string' ? alpha2.toUpperCase() : '';
  if (!isSupportedCountry(country)) return MESSAGES.phoneInvalid;
  const example = getExampleNumber(country as CountryCode, phoneExamples);
  return example
    ? MESSAGES.phoneLike(example.formatInternational(), example.formatNational())
    : MESSAGES.phoneInvalid;
}

/**
 * The region a postal code gives, with the field it goes in, for the form to fill: a US ZIP gives
 * the state, an Australian postcode the region, a Canadian postal code the province (Canada Post's
 * first letters, postal-regions.ts). `regions` lists every region the code serves (a code across a
 * border serves two), `region` is its range's own. `undefined` when the country has no such lookup
 * or the code gives nothing.
 */
export function regionFromPostalCode(
  alpha2: unknown,
  postalCode: unknown,
): { field: 'state' | 'region'; region: Region; regions: Region[] } | undefined {
  const { field, regions } = regionsOfPostalCode(alpha2, postalCode);
  const region = regions[0];
  return region && { field, region, regions };
}

type Ctx = z.RefinementCtx;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const issue = (ctx: Ctx, path: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [path], message });

/** "Alberta", "New South Wales or the Australian Capital Territory". */
const places = (regions: readonly Region[]) => {
  const names = regions.map(regionInSentence);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
};

const REGION_MISMATCH: Record<string, string> = {
  ca: MESSAGES.provinceMismatch,
  us: MESSAGES.stateMismatch,
  au: MESSAGES.auRegionMismatch,
};

/**
 * The province, state or region must be one the postal code gives (postal-regions.ts): tax follows
 * it. Both fields are named, since either may be the typo: the postal code says where it is ("The
 * postal code is in Alberta."), the region that it does not match.
 */
function postalRegionRule(country: string, postal: string, region: string, ctx: Ctx): void {
  const mismatch = postalRegionMismatch(country, postal, region);
  if (!mismatch) return;
  issue(ctx, 'postal_code', MESSAGES.postalCodeIn(postalCodeNoun(country), places(mismatch.regions)));
  issue(ctx, mismatch.field, REGION_MISMATCH[country] ?? MESSAGES.provinceMismatch);
}

/** The country rules shared by the server and the form. */
function countryRules(a: Record<string, unknown>, ctx: Ctx): void {
  const country = str(a.country)?.trim().toLowerCase() ?? '';
  const postal = str(a.postal_code)?.trim() ?? '';
  const region = str(a.region)?.trim() ?? '';
  const state = str(a.state)?.trim() ?? '';

  if (/^[a-z]{2}$/.test(country) && !countryByAlpha2(country)) issue(ctx, 'country', MESSAGES.countryUnknown);

  if (country === 'ca') {
    if (postal !== '' && !isCanadianPostalCode(postal)) issue(ctx, 'postal_code', MESSAGES.postalCodeInvalid);
    if (region !== '' && !regionByCode('ca', region)) issue(ctx, 'region', MESSAGES.regionUnknown);
  } else if (country === 'us') {
    if (postal !== '' && !isUsZipCode(postal)) issue(ctx, 'postal_code', MESSAGES.zipCodeInvalid);
    if (state !== '' && !regionByCode('us', state)) issue(ctx, 'state', MESSAGES.regionUnknown);
  } else if (country === 'au') {
    if (postal !== '' && !isAustralianPostcode(postal)) issue(ctx, 'postal_code', MESSAGES.postcodeInvalid);
    if (region !== '' && !regionByCode('au', region)) issue(ctx, 'region', MESSAGES.regionUnknown);
  } else if ((country === 'it' || country === 'es') && region !== '' && !regionByCode(country, region)) {
    issue(ctx, 'region', MESSAGES.regionUnknown);
  }
  postalRegionRule(country, postal, regionFieldFor(country) === 'state' ? state : region, ctx);

  const street = str(a.street)?.trim() ?? '';
  const streetNumber = str(a.street_number)?.trim() ?? '';
  if (streetNumber === '' && street !== '' && !/\d/.test(street))
    issue(ctx, 'street', MESSAGES.requiresNumber);
  if (streetNumber !== '' && !/^\d+$/.test(streetNumber)) issue(ctx, 'street_number', MESSAGES.onlyNumbers);

  const email = str(a.email)?.trim();
  const emailMessage = emailError(email);
  if (emailMessage) issue(ctx, 'email', emailMessage);

  const phone = str(a.phone)?.trim() ?? '';
  if (phone !== '' && countryByAlpha2(country) && !isPhoneValidForCountry(phone, country)) {
    issue(ctx, 'phone', phoneInvalidMessage(country));
  }
}

/** What the form requires beyond the server: the street number or a number in the street, the region. */
function formRules(a: Record<string, unknown>, ctx: Ctx): void {
  const street = str(a.street)?.trim() ?? '';
  if (isBlank(a.street_number) && !/\d/.test(street)) issue(ctx, 'street_number', MESSAGES.required);
  const country = str(a.country)?.trim().toLowerCase() ?? '';
  if (regionsForCountry(country).length > 0) {
    const field = regionFieldFor(country);
    if (isBlank(a[field])) issue(ctx, field, MESSAGES.required);
  }
}

/** Canonical forms: region codes upper-case, postal codes upper-case, Canadian ones as "K1A 0B1". */
function normalize<T extends z.infer<typeof addressFieldsSchema>>(a: T): T {
  const field = regionFieldFor(a.country);
  const code = a[field];
  const known = code ? regionByCode(a.country, code) : undefined;
  return {
    ...a,
    postal_code:
      canonicalCanadianPostalCode(a.country === 'ca' ? a.postal_code : undefined) ??
      a.postal_code.toUpperCase(),
    ...(known ? { [field]: known.region } : {}),
  };
}

const always = { when: () => true };
const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;

/**
 * A postal address as the API accepts it (spec 01 §3 "Address"), with the country rules above.
 * The rules run even when a field is missing, so every problem is reported at once.
 */
export const addressSchema = addressFieldsSchema
  .superRefine((a, ctx) => {
    const record = asRecord(a);
    if (record) countryRules(record, ctx);
  }, always)
  .overwrite(normalize);
export type Address = z.infer<typeof addressSchema>;

/** The address form (spec 01 §5): every field a person can fill is required (see above). */
export const addressFormSchema = addressFieldsSchema
  .extend({
    email: required(254),
    phone: required(40),
    country: safeText()
      .trim()
      .toLowerCase()
      .min(1, MESSAGES.required)
      .regex(/^([a-z]{2})?$/, MESSAGES.countryCodeFormat),
  })
  .superRefine((a, ctx) => {
    const record = asRecord(a);
    if (!record) return;
    countryRules(record, ctx);
    formRules(record, ctx);
  }, always)
  .overwrite(normalize);
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressFormValues = z.infer<typeof addressFormSchema>;
