/**
 * The region an address's postal code lies in, and the check that the address's province, state or
 * region agrees with it (issue 25: tax follows the province or state, so a Toronto postal code with
 * "Alberta" would charge Alberta's tax). Canada, the United States and Australia; other countries
 * have no such check.
 *
 * A postal code gives a list of regions, the first the one its range belongs to. Most give one;
 * the few that real addresses share across a border give every region they serve, and any of them
 * is accepted. The tables, and where they come from:
 *
 * - Canada (`CANADIAN_POSTAL_LETTERS`): the first letter of the forward sortation area names the
 *   province or territory (Canada Post, Canadian Addressing Guide, "Postal code" / FSA first
 *   letters). X is shared by the two territories and split by FSA: X0A, X0B, X0C are Nunavut; X0E,
 *   X0G, X1A the Northwest Territories; an X code outside those gives both. This is the complete
 *   table; the spec's inference table (spec 02 §5, `provinceForPostalCode` in postal-codes.ts) is
 *   part of it and agrees with it wherever it gives a province (postal-regions.test.ts checks so).
 * - United States: the USPS three-digit ZIP prefixes with their five-digit exceptions
 *   (`US_ZIP_RANGES` in regions.ts), and the ZIP codes that span two states
 *   (`US_ZIPS_ACROSS_STATES`): the 13 multi-state ZIP Code Tabulation Areas of the US Census
 *   Bureau's 2010 ZCTA relationship file. A ZIP that gives no state (territories, military mail)
 *   is not checked.
 * - Australia: Australia Post's ranges (`AU_POSTCODE_RANGES` in regions.ts) and the postcodes whose
 *   localities lie in more than one state or territory (`AU_POSTCODES_ACROSS_BORDERS`), taken from
 *   Australia Post's postcode file (localities by postcode and state, September 2025 edition as
 *   republished in the open "australianpostcodes" data set). 2540 counts the Jervis Bay Territory
 *   as the ACT, whose laws apply there. 6798 and 6799 (Christmas and Cocos Islands) give none.
 */
import { isCanadianPostalCode, type ProvinceCode } from './postal-codes.ts';
import { type Region, regionByCode, regionFieldFor, regionForAuPostcode, stateForUsZip } from './regions.ts';

/** The province or territory of a Canadian postal code's first letter (Canada Post). */
export const CANADIAN_POSTAL_LETTERS: Readonly<Record<string, readonly ProvinceCode[]>> = Object.freeze({
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
});

/** The forward sortation areas of X, each in one territory (Canada Post). */
export const CANADIAN_X_AREAS: Readonly<Record<string, ProvinceCode>> = Object.freeze({
  X0A: 'NU',
  X0B: 'NU',
  X0C: 'NU',
  X0E: 'NT',
  X0G: 'NT',
  X1A: 'NT',
});

/** ZIP codes spanning two states (US Census Bureau, 2010 ZCTA relationship file): the prefix's state first. */
export const US_ZIPS_ACROSS_STATES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '02861': ['RI', 'MA'], // Pawtucket
  '42223': ['KY', 'TN'], // Fort Campbell
  '59221': ['MT', 'ND'], // Fairview
  '63673': ['MO', 'IL'], // Saint Mary
  '71749': ['AR', 'LA'], // Junction City
  '73949': ['OK', 'TX'], // Texhoma
  '81137': ['CO', 'NM'], // Ignacio
  '84536': ['UT', 'AZ'], // Monument Valley
  '86044': ['AZ', 'UT'], // Tonalea
  '86515': ['AZ', 'NM'], // Window Rock
  '88063': ['NM', 'TX'], // Sunland Park
  '89439': ['NV', 'CA'], // Verdi
  '97635': ['OR', 'CA'], // New Pine Creek
});

/** Postcodes with localities in more than one state or territory (Australia Post): the range's first. */
export const AU_POSTCODES_ACROSS_BORDERS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  '0872': ['NT', 'SA', 'WA'], // the Anangu Pitjantjatjara and Ngaanyatjarra lands
  '2540': ['NSW', 'ACT'], // Jervis Bay Territory (HMAS Creswell, Jervis Bay)
  '2611': ['ACT', 'NSW'], // Brindabella, Uriarra (NSW)
  '2618': ['ACT', 'NSW'], // Springrange, Wallaroo (NSW)
  '2620': ['NSW', 'ACT'], // Hume, Oaks Estate, Tharwa (ACT)
  '3500': ['VIC', 'NSW'], // Paringi (NSW)
  '3585': ['VIC', 'NSW'], // Murray Downs, Speewa (NSW)
  '3586': ['VIC', 'NSW'], // Mallan (NSW)
  '3644': ['VIC', 'NSW'], // Barooga, Lalalty (NSW)
  '3691': ['VIC', 'NSW'], // Lake Hume Village (NSW)
  '3707': ['VIC', 'NSW'], // Bringenbrong (NSW)
  '4377': ['QLD', 'NSW'], // Maryland (NSW)
  '4380': ['QLD', 'NSW'], // Amosfield, Mingoola, Ruby Creek, Undercliffe (NSW)
  '4383': ['QLD', 'NSW'], // Jennings (NSW)
  '4385': ['QLD', 'NSW'], // Camp Creek (NSW)
  '4825': ['QLD', 'NT'], // Ranken (NT)
});

const codesToRegions = (country: string, codes: readonly string[]): Region[] =>
  codes.map((code) => regionByCode(country, code)).filter((r): r is Region => r !== undefined);

/** The provinces a Canadian postal code gives (one, or both territories for an unknown X area). */
export function provincesOfCanadianPostalCode(value: unknown): Region[] {
  if (!isCanadianPostalCode(value)) return [];
  const code = (value as string).toUpperCase();
  const area = CANADIAN_X_AREAS[code.slice(0, 3)];
  return codesToRegions('ca', area ? [area] : (CANADIAN_POSTAL_LETTERS[code[0]!] ?? []));
}

/** The states a US ZIP gives: the prefix's, plus the other for a ZIP across two states. */
export function statesOfUsZip(value: unknown): Region[] {
  const state = stateForUsZip(value);
  if (!state) return [];
  const across = US_ZIPS_ACROSS_STATES[(value as string).trim().slice(0, 5)];
  return across ? codesToRegions('us', across) : [state];
}

/** The states or territories an Australian postcode gives. */
export function regionsOfAuPostcode(value: unknown): Region[] {
  const region = regionForAuPostcode(value);
  if (!region) return [];
  const across = AU_POSTCODES_ACROSS_BORDERS[(value as string).trim()];
  return across ? codesToRegions('au', across) : [region];
}

/**
 * The regions a postal code gives for its country, the first being its range's, with the address
 * field they go in (`state` in the US, `region` elsewhere); an empty list when the country has no
 * table or the code gives nothing (not valid, a territory's ZIP, Christmas Island).
 */
export function regionsOfPostalCode(
  country: unknown,
  postalCode: unknown,
): { field: 'state' | 'region'; regions: Region[] } {
  const alpha2 = typeof country === 'string' ? country.trim().toLowerCase() : '';
  const code = typeof postalCode === 'string' ? postalCode.trim() : postalCode;
  let regions: Region[] = [];
  if (alpha2 === 'ca') regions = provincesOfCanadianPostalCode(code);
  else if (alpha2 === 'us') regions = statesOfUsZip(code);
  else if (alpha2 === 'au') regions = regionsOfAuPostcode(code);
  return { field: regionFieldFor(alpha2), regions };
}

/**
 * When the address's region (its `state` in the US) is a known code that its postal code does not
 * give: the field holding it and the regions the postal code does give. `undefined` when they agree,
 * when either is empty or unknown, or when the country has no table.
 */
export function postalRegionMismatch(
  country: unknown,
  postalCode: unknown,
  regionCode: unknown,
): { field: 'state' | 'region'; regions: Region[] } | undefined {
  const { field, regions } = regionsOfPostalCode(country, postalCode);
  if (regions.length === 0 || typeof regionCode !== 'string') return undefined;
  const chosen = regionByCode(country, regionCode.trim());
  if (!chosen || regions.some((r) => r.region === chosen.region)) return undefined;
  return { field, regions };
}

/** How a country calls its postal code in a sentence: "ZIP code", "postcode", "postal code". */
export function postalCodeNoun(country: unknown): string {
  const alpha2 = typeof country === 'string' ? country.trim().toLowerCase() : '';
  if (alpha2 === 'us') return 'ZIP code';
  if (alpha2 === 'au') return 'postcode';
  return 'postal code';
}

/** A region's name in a sentence: "the" before a territory or a district ("the Northwest Territories"). */
export function regionInSentence(region: Region): string {
  return /Territor|District/.test(region.name) ? `the ${region.name}` : region.name;
}
