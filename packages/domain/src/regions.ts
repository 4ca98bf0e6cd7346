/**
 * Regions (spec 02 §3): `{ alpha2, region, name }` lists for the address form's region choices,
 * the lookups by code, US state by ZIP and Australian region by postcode.
 *
 * The lists are our own tables (small enough for the browser bundle); regions.test.ts checks every
 * code and name against the ISO 3166-2 data of the `iso-3166` package. Deliberate differences:
 * - the United States list is the 50 states plus the District of Columbia (spec); ISO also lists
 *   the outlying areas (AS, GU, MP, PR, UM, VI), which have country codes of their own;
 * - the Italian list adds Aosta (AO): ISO 3166-2 has no province code for the Aosta Valley, whose
 *   region acts as its province, but Italian addresses write "(AO)" like any other province.
 * The ZIP and postcode ranges are ours too, checked against known codes in the test.
 */

/** One region: `alpha2` is the lowercase country code (as an address's `country`). */
export interface Region {
  alpha2: string;
  /** The short code: `ON`, `NY`, `NSW`, `MI`, `M`. */
  region: string;
  name: string;
}

const regions = (alpha2: string, rows: ReadonlyArray<readonly [string, string]>): readonly Region[] =>
  Object.freeze(rows.map(([region, name]) => Object.freeze({ alpha2, region, name })));

/** Canada's 13 provinces and territories, in the spec's order (spec 02 §9). */
export const CANADIAN_PROVINCES = regions('ca', [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['YT', 'Yukon'],
]);

/** The 50 US states and the District of Columbia, by name. */
export const US_STATES = regions('us', [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
]);

/** The combined list of spec 02 §3: Canadian and US regions only. */
export const NORTH_AMERICAN_REGIONS: readonly Region[] = Object.freeze([...CANADIAN_PROVINCES, ...US_STATES]);

/** Australia's 8 states and territories (a list of its own, spec 02 §3). */
export const AUSTRALIAN_REGIONS = regions('au', [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia'],
]);

/** Italy's provinces (sigle: metropolitan cities, provinces, free consortia, autonomous provinces), by name. */
export const ITALIAN_PROVINCES = regions('it', [
  ['AG', 'Agrigento'],
  ['AL', 'Alessandria'],
  ['AN', 'Ancona'],
  ['AO', 'Aosta'], // not in ISO 3166-2: see above
  ['AR', 'Arezzo'],
  ['AP', 'Ascoli Piceno'],
  ['AT', 'Asti'],
  ['AV', 'Avellino'],
  ['BA', 'Bari'],
  ['BT', 'Barletta-Andria-Trani'],
  ['BL', 'Belluno'],
  ['BN', 'Benevento'],
  ['BG', 'Bergamo'],
  ['BI', 'Biella'],
  ['BO', 'Bologna'],
  ['BZ', 'Bolzano, Bozen'],
  ['BS', 'Brescia'],
  ['BR', 'Brindisi'],
  ['CA', 'Cagliari'],
  ['CL', 'Caltanissetta'],
  ['CB', 'Campobasso'],
  ['CE', 'Caserta'],
  ['CT', 'Catania'],
  ['CZ', 'Catanzaro'],
  ['CH', 'Chieti'],
  ['CO', 'Como'],
  ['CS', 'Cosenza'],
  ['CR', 'Cremona'],
  ['KR', 'Crotone'],
  ['CN', 'Cuneo'],
  ['EN', 'Enna'],
  ['FM', 'Fermo'],
  ['FE', 'Ferrara'],
  ['FI', 'Firenze'],
  ['FG', 'Foggia'],
  ['FC', 'Forlì-Cesena'],
  ['FR', 'Frosinone'],
  ['GE', 'Genova'],
  ['GO', 'Gorizia'],
  ['GR', 'Grosseto'],
  ['IM', 'Imperia'],
  ['IS', 'Isernia'],
  ['AQ', "L'Aquila"],
  ['SP', 'La Spezia'],
  ['LT', 'Latina'],
  ['LE', 'Lecce'],
  ['LC', 'Lecco'],
  ['LI', 'Livorno'],
  ['LO', 'Lodi'],
  ['LU', 'Lucca'],
  ['MC', 'Macerata'],
  ['MN', 'Mantova'],
  ['MS', 'Massa-Carrara'],
  ['MT', 'Matera'],
  ['ME', 'Messina'],
  ['MI', 'Milano'],
  ['MO', 'Modena'],
  ['MB', 'Monza e Brianza'],
  ['NA', 'Napoli'],
  ['NO', 'Novara'],
  ['NU', 'Nuoro'],
  ['OR', 'Oristano'],
  ['PD', 'Padova'],
  ['PA', 'Palermo'],
  ['PR', 'Parma'],
  ['PV', 'Pavia'],
  ['PG', 'Perugia'],
  ['PU', 'Pesaro e Urbino'],
  ['PE', 'Pescara'],
  ['PC', 'Piacenza'],
  ['PI', 'Pisa'],
  ['PT', 'Pistoia'],
  ['PN', 'Pordenone'],
  ['PZ', 'Potenza'],
  ['PO', 'Prato'],
  ['RG', 'Ragusa'],
  ['RA', 'Ravenna'],
  ['RC', 'Reggio Calabria'],
  ['RE', 'Reggio Emilia'],
  ['RI', 'Rieti'],
  ['RN', 'Rimini'],
  ['RM', 'Roma'],
  ['RO', 'Rovigo'],
  ['SA', 'Salerno'],
  ['SS', 'Sassari'],
  ['SV', 'Savona'],
  ['SI', 'Siena'],
  ['SR', 'Siracusa'],
  ['SO', 'Sondrio'],
  ['SU', 'Sud Sardegna'],
  ['TA', 'Taranto'],
  ['TE', 'Teramo'],
  ['TR', 'Terni'],
  ['TO', 'Torino'],
  ['TP', 'Trapani'],
  ['TN', 'Trento'],
  ['TV', 'Treviso'],
  ['TS', 'Trieste'],
  ['UD', 'Udine'],
  ['VA', 'Varese'],
  ['VE', 'Venezia'],
  ['VB', 'Verbano-Cusio-Ossola'],
  ['VC', 'Vercelli'],
  ['VR', 'Verona'],
  ['VV', 'Vibo Valentia'],
  ['VI', 'Vicenza'],
  ['VT', 'Viterbo'],
]);

/** Spain's 50 provinces and the autonomous cities Ceuta and Melilla, by name. */
export const SPANISH_PROVINCES = regions('es', [
  ['C', 'A Coruña'],
  ['VI', 'Álava'],
  ['AB', 'Albacete'],
  ['A', 'Alicante'],
  ['AL', 'Almería'],
  ['O', 'Asturias'],
  ['AV', 'Ávila'],
  ['BA', 'Badajoz'],
  ['B', 'Barcelona'],
  ['BI', 'Bizkaia'],
  ['BU', 'Burgos'],
  ['CC', 'Cáceres'],
  ['CA', 'Cádiz'],
  ['S', 'Cantabria'],
  ['CS', 'Castellón'],
  ['CE', 'Ceuta'],
  ['CR', 'Ciudad Real'],
  ['CO', 'Córdoba'],
  ['CU', 'Cuenca'],
  ['SS', 'Gipuzkoa'],
  ['GI', 'Girona'],
  ['GR', 'Granada'],
  ['GU', 'Guadalajara'],
  ['H', 'Huelva'],
  ['HU', 'Huesca'],
  ['PM', 'Illes Balears'],
  ['J', 'Jaén'],
  ['LO', 'La Rioja'],
  ['GC', 'Las Palmas'],
  ['LE', 'León'],
  ['L', 'Lleida'],
  ['LU', 'Lugo'],
  ['M', 'Madrid'],
  ['MA', 'Málaga'],
  ['ML', 'Melilla'],
  ['MU', 'Murcia'],
  ['NA', 'Navarra'],
  ['OR', 'Ourense'],
  ['P', 'Palencia'],
  ['PO', 'Pontevedra'],
  ['SA', 'Salamanca'],
  ['TF', 'Santa Cruz de Tenerife'],
  ['SG', 'Segovia'],
  ['SE', 'Sevilla'],
  ['SO', 'Soria'],
  ['T', 'Tarragona'],
  ['TE', 'Teruel'],
  ['TO', 'Toledo'],
  ['V', 'Valencia'],
  ['VA', 'Valladolid'],
  ['ZA', 'Zamora'],
  ['Z', 'Zaragoza'],
]);

const BY_COUNTRY: Readonly<Record<string, readonly Region[]>> = {
  ca: CANADIAN_PROVINCES,
  us: US_STATES,
  au: AUSTRALIAN_REGIONS,
  it: ITALIAN_PROVINCES,
  es: SPANISH_PROVINCES,
};

/** Countries whose address has a region to choose from a list. */
export const COUNTRIES_WITH_REGIONS: readonly string[] = Object.freeze(Object.keys(BY_COUNTRY));

/**
 * The region choices of a country (case-insensitive alpha2); an empty list for a country without
 * one, and for anything that is not a string.
 */
export function regionsForCountry(alpha2: unknown): readonly Region[] {
  if (typeof alpha2 !== 'string') return [];
  return BY_COUNTRY[alpha2.toLowerCase()] ?? [];
}

/**
 * Which address field holds the region code of a country: `state` for the United States (spec:
 * "a US ZIP gives a state"), `region` everywhere else (spec: "an Australian postcode gives a
 * region"; Canada's province is its region, as the province lookup "by region code" says).
 */
export function regionFieldFor(alpha2: unknown): 'state' | 'region' {
  return typeof alpha2 === 'string' && alpha2.toLowerCase() === 'us' ? 'state' : 'region';
}

/** A region of a country by its code, both case-insensitive; only for strings. */
export function regionByCode(alpha2: unknown, code: unknown): Region | undefined {
  if (typeof code !== 'string') return undefined;
  const upper = code.toUpperCase();
  return regionsForCountry(alpha2).find((r) => r.region === upper);
}

/**
 * A Canadian province or territory by its code (`on`, `QC`): case-insensitive, and only when the
 * input is a string (spec 02 §5).
 */
export function provinceByCode(code: unknown): Region | undefined {
  return regionByCode('ca', code);
}

/** An inclusive range of codes, compared as numbers of the same width. */
export type CodeRange = readonly [from: number, to: number, region: string];

/**
 * US state by ZIP: ranges of five-digit ZIP codes, the three-digit prefix ranges USPS assigns to
 * each state (USPS, National Five-Digit ZIP Code and Post Office Directory; the sectional center
 * prefixes), with the five-digit exceptions first (the first matching range wins). ZIPs of the
 * territories (PR, VI, GU, AS, ...) and of military mail (AA, AE, AP) give no state. ZIPs that span
 * two states are in postal-regions.ts.
 */
export const US_ZIP_RANGES: readonly CodeRange[] = Object.freeze([
  // Exceptions inside another state's prefix.
  [6390, 6390, 'NY'], // Fishers Island, NY (CT prefix 063)
  [73960, 73960, 'TX'], // Texhoma, TX (OK prefix 739)
  [83414, 83414, 'WY'], // Alta, WY (ID prefix 834)
  [96799, 96799, ''], // Pago Pago, American Samoa (HI prefix 967): no state
  // Prefix ranges.
  [500, 599, 'NY'], // 005: Holtsville, NY (IRS)
  [1000, 2799, 'MA'],
  [2800, 2999, 'RI'],
  [3000, 3899, 'NH'],
  [3900, 4999, 'ME'],
  [5000, 5499, 'VT'],
  [5500, 5599, 'MA'], // 055: Andover, MA (IRS)
  [5600, 5999, 'VT'],
  [6000, 6999, 'CT'],
  [7000, 8999, 'NJ'],
  [10000, 14999, 'NY'],
  [15000, 19699, 'PA'],
  [19700, 19999, 'DE'],
  [20000, 20099, 'DC'],
  [20100, 20199, 'VA'],
  [20200, 20599, 'DC'],
  [20600, 21999, 'MD'],
  [22000, 24699, 'VA'],
  [24700, 26899, 'WV'],
  [27000, 28999, 'NC'],
  [29000, 29999, 'SC'],
  [30000, 31999, 'GA'],
  [32000, 33999, 'FL'],
  [34100, 34999, 'FL'],
  [35000, 36999, 'AL'],
  [37000, 38599, 'TN'],
  [38600, 39799, 'MS'],
  [39800, 39999, 'GA'],
  [40000, 42799, 'KY'],
  [43000, 45999, 'OH'],
  [46000, 47999, 'IN'],
  [48000, 49999, 'MI'],
  [50000, 52899, 'IA'],
  [53000, 54999, 'WI'],
  [55000, 56799, 'MN'],
  [56900, 56999, 'DC'],
  [57000, 57799, 'SD'],
  [58000, 58899, 'ND'],
  [59000, 59999, 'MT'],
  [60000, 62999, 'IL'],
  [63000, 65899, 'MO'],
  [66000, 67999, 'KS'],
  [68000, 69399, 'NE'],
  [70000, 71499, 'LA'],
  [71600, 72999, 'AR'],
  [73000, 73299, 'OK'],
  [73300, 73399, 'TX'], // 733: Austin, TX (IRS)
  [73400, 74999, 'OK'],
  [75000, 79999, 'TX'],
  [80000, 81699, 'CO'],
  [82000, 83199, 'WY'],
  [83200, 83899, 'ID'],
  [84000, 84799, 'UT'],
  [85000, 86599, 'AZ'],
  [87000, 88499, 'NM'],
  [88500, 88599, 'TX'], // 885: El Paso, TX
  [88900, 89899, 'NV'],
  [90000, 96199, 'CA'],
  [96700, 96899, 'HI'],
  [97000, 97999, 'OR'],
  [98000, 99499, 'WA'],
  [99500, 99999, 'AK'],
] as const satisfies readonly CodeRange[]);

/** A US ZIP code: five digits, or ZIP+4 ("12345-6789"). */
export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** The state of a US ZIP (or ZIP+4); `undefined` when it is not a ZIP or gives no state. */
export function stateForUsZip(zip: unknown): Region | undefined {
  if (typeof zip !== 'string' || !US_ZIP_PATTERN.test(zip.trim())) return undefined;
  const n = Number(zip.trim().slice(0, 5));
  const range = US_ZIP_RANGES.find(([from, to]) => n >= from && n <= to);
  return range && range[2] !== '' ? regionByCode('us', range[2]) : undefined;
}

/**
 * Australian region by postcode (Australia Post's ranges, checked against every postcode of its
 * postcode file: only the codes shared across a border, in postal-regions.ts, leave their range).
 * 6798 and 6799 belong to Christmas Island and the Cocos (Keeling) Islands, which have country codes
 * of their own (`cx`, `cc`).
 */
export const AU_POSTCODE_RANGES: readonly CodeRange[] = Object.freeze([
  [200, 299, 'ACT'],
  [800, 999, 'NT'],
  [1000, 2599, 'NSW'],
  [2600, 2618, 'ACT'],
  [2619, 2899, 'NSW'],
  [2900, 2920, 'ACT'],
  [2921, 2999, 'NSW'],
  [3000, 3999, 'VIC'],
  [4000, 4999, 'QLD'],
  [5000, 5999, 'SA'],
  [6000, 6797, 'WA'],
  [6800, 6999, 'WA'],
  [7000, 7999, 'TAS'],
  [8000, 8999, 'VIC'],
  [9000, 9999, 'QLD'],
] as const satisfies readonly CodeRange[]);

/** An Australian postcode: four digits. */
export const AU_POSTCODE_PATTERN = /^\d{4}$/;

/** The state or territory of an Australian postcode; `undefined` when it gives none. */
export function regionForAuPostcode(postcode: unknown): Region | undefined {
  if (typeof postcode !== 'string' || !AU_POSTCODE_PATTERN.test(postcode.trim())) return undefined;
  const n = Number(postcode.trim());
  const range = AU_POSTCODE_RANGES.find(([from, to]) => n >= from && n <= to);
  return range ? regionByCode('au', range[2]) : undefined;
}
