/**
 * Demo customers for a newcomer to look around with: realistic names and valid Canadian, US and
 * European addresses and phone numbers (each passes the domain's address rules; see the test).
 * Deterministic for a given seed, so two starts produce the same data.
 */
import type { Address } from '@rentloop/domain/addresses';
import type { CustomerInput } from '@rentloop/domain/customers';

/** A small seeded PRNG (mulberry32): reproducible demo data without Math.random. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Rng = ReturnType<typeof prng>;

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Charlotte',
  'William',
  'Amelia',
  'Lucas',
  'Sophie',
  'Benjamin',
  'Chloé',
  'Félix',
  'Léa',
  'Mathis',
  'Hannah',
  'Jonas',
  'Mia',
  'Elias',
  'Lena',
  'Finn',
  'Sofia',
  'Matteo',
  'Giulia',
  'Lorenzo',
  'Lucía',
  'Hugo',
  'Emma',
  'Daan',
  'Saar',
  'Oscar',
  'Freja',
  'Aiden',
  'Priya',
  'Arjun',
  'Mei',
  'Wei',
  'Fatima',
  'Omar',
  'Zoe',
  'Ethan',
] as const;
/** The demo's surnames (the bench draws from these and more). */
export const DEMO_SURNAMES = [
  'Smith',
  'Tremblay',
  'Martin',
  'Roy',
  'Gagnon',
  'Lee',
  'Wilson',
  'Johnson',
  'MacDonald',
  'Taylor',
  'Brown',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Dubois',
  'Lefebvre',
  'Rossi',
  'Bianchi',
  'García',
  'Fernández',
  'de Vries',
  'Jansen',
  'Andersson',
  'Nielsen',
  'Murphy',
  'Kelly',
  'Nguyen',
  'Patel',
  'Chen',
  'Singh',
  'Kowalski',
  'Novak',
  'Horvat',
  'Dupont',
] as const;
const STREETS: Record<string, readonly string[]> = {
  ca: [
    'King Street West',
    'Rue Sainte-Catherine',
    'Yonge Street',
    'Granville Street',
    'Jasper Avenue',
    'Portage Avenue',
    'Spring Garden Road',
    'Water Street',
  ],
  us: [
    'Main Street',
    'Broadway',
    'Market Street',
    'Pine Street',
    'Elm Avenue',
    'Congress Avenue',
    'Michigan Avenue',
  ],
  de: ['Hauptstraße', 'Friedrichstraße', 'Bahnhofstraße', 'Kaiserstraße', 'Schillerstraße'],
  at: ['Mariahilfer Straße', 'Landstraßer Hauptstraße', 'Getreidegasse'],
  fr: ['Rue de Rivoli', 'Avenue Jean Jaurès', 'Rue de la République'],
  nl: ['Kalverstraat', 'Prinsengracht', 'Oudegracht'],
  it: ['Via Roma', 'Via Garibaldi', 'Corso Vittorio Emanuele'],
  es: ['Calle Mayor', 'Gran Vía', 'Calle de Alcalá'],
  se: ['Drottninggatan', 'Kungsgatan'],
  ie: ['Grafton Street', "O'Connell Street"],
};

interface Place {
  country: string;
  city: string;
  region: string | null;
  language: CustomerInput['language'];
  /** Gives a postal code for the place. */
  postal(rng: Rng): string;
  /** National phone number valid in the country. */
  phone(rng: Rng): string;
}

const CA_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';
const caPostal = (fsa: string) => (rng: Rng) =>
  `${fsa} ${rng.int(0, 9)}${CA_LETTERS[rng.int(0, CA_LETTERS.length - 1)]}${rng.int(0, 9)}`;
const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const nanp = (area: string) => (rng: Rng) => `+1 ${area} 555 01${digits(rng, 2)}`;

const PLACES: readonly Place[] = [
  {
    country: 'ca',
    city: 'Toronto',
    region: 'ON',
    language: 'en',
    postal: caPostal('M5V'),
    phone: nanp('416'),
  },
  {
    country: 'ca',
    city: 'Ottawa',
    region: 'ON',
    language: 'en',
    postal: caPostal('K1P'),
    phone: nanp('613'),
  },
  {
    country: 'ca',
    city: 'Montréal',
    region: 'QC',
    language: 'fr',
    postal: caPostal('H2X'),
    phone: nanp('514'),
  },
  {
    country: 'ca',
    city: 'Québec',
    region: 'QC',
    language: 'fr',
    postal: caPostal('G1R'),
    phone: nanp('418'),
  },
  {
    country: 'ca',
    city: 'Vancouver',
    region: 'BC',
    language: 'en',
    postal: caPostal('V6B'),
    phone: nanp('604'),
  },
  {
    country: 'ca',
    city: 'Calgary',
    region: 'AB',
    language: 'en',
    postal: caPostal('T2P'),
    phone: nanp('403'),
  },
  {
    country: 'ca',
    city: 'Edmonton',
    region: 'AB',
    language: 'en',
    postal: caPostal('T5J'),
    phone: nanp('780'),
  },
  {
    country: 'ca',
    city: 'Winnipeg',
    region: 'MB',
    language: 'en',
    postal: caPostal('R3C'),
    phone: nanp('204'),
  },
  {
    country: 'ca',
    city: 'Halifax',
    region: 'NS',
    language: 'en',
    postal: caPostal('B3J'),
    phone: nanp('902'),
  },
  {
    country: 'ca',
    city: "St. John's",
    region: 'NL',
    language: 'en',
    postal: caPostal('A1C'),
    phone: nanp('709'),
  },
  {
    country: 'ca',
    city: 'Regina',
    region: 'SK',
    language: 'en',
    postal: caPostal('S4P'),
    phone: nanp('306'),
  },
  {
    country: 'ca',
    city: 'Fredericton',
    region: 'NB',
    language: 'fr',
    postal: caPostal('E3B'),
    phone: nanp('506'),
  },
  {
    country: 'us',
    city: 'New York',
    region: 'NY',
    language: 'en',
    postal: (r) => `100${digits(r, 2)}`,
    phone: nanp('212'),
  },
  {
    country: 'us',
    city: 'Seattle',
    region: 'WA',
    language: 'en',
    postal: (r) => `981${r.int(0, 2)}${r.int(1, 9)}`,
    phone: nanp('206'),
  },
  {
    country: 'us',
    city: 'Chicago',
    region: 'IL',
    language: 'en',
    postal: (r) => `606${r.int(0, 4)}${r.int(1, 9)}`,
    phone: nanp('312'),
  },
  {
    country: 'us',
    city: 'Austin',
    region: 'TX',
    language: 'es',
    postal: (r) => `787${r.int(0, 4)}${r.int(1, 9)}`,
    phone: nanp('512'),
  },
  {
    country: 'us',
    city: 'Boston',
    region: 'MA',
    language: 'en',
    postal: (r) => `021${r.int(0, 1)}${r.int(1, 9)}`,
    phone: nanp('617'),
  },
  {
    country: 'de',
    city: 'Berlin',
    region: null,
    language: 'de',
    postal: (r) => `10${r.int(1, 9)}${digits(r, 2)}`,
    phone: (r) => `+49 151 2345${digits(r, 4)}`,
  },
  {
    country: 'de',
    city: 'München',
    region: null,
    language: 'de',
    postal: (r) => `80${r.int(3, 9)}${digits(r, 2)}`,
    phone: (r) => `+49 160 1234${digits(r, 4)}`,
  },
  {
    country: 'at',
    city: 'Wien',
    region: null,
    language: 'de',
    postal: (r) => `1${r.int(0, 2)}${r.int(1, 9)}0`,
    phone: (r) => `+43 664 123${digits(r, 4)}`,
  },
  {
    country: 'fr',
    city: 'Paris',
    region: null,
    language: 'fr',
    postal: (r) => `750${r.int(0, 1)}${r.int(1, 9)}`,
    phone: (r) => `+33 6 12 34 ${digits(r, 2)} ${digits(r, 2)}`,
  },
  {
    country: 'nl',
    city: 'Amsterdam',
    region: null,
    language: 'nl',
    postal: (r) => `10${r.int(1, 9)}${r.int(1, 9)} AB`,
    phone: (r) => `+31 6 1234${digits(r, 4)}`,
  },
  {
    country: 'it',
    city: 'Roma',
    region: 'RM',
    language: 'it',
    postal: (r) => `001${r.int(1, 9)}${r.int(1, 9)}`,
    phone: (r) => `+39 312 345${digits(r, 4)}`,
  },
  {
    country: 'es',
    city: 'Madrid',
    region: 'M',
    language: 'es',
    postal: (r) => `280${r.int(0, 5)}${r.int(1, 9)}`,
    phone: (r) => `+34 612 34${digits(r, 4)}`,
  },
  {
    country: 'se',
    city: 'Stockholm',
    region: null,
    language: 'sv',
    postal: (r) => `11${r.int(1, 5)} ${r.int(2, 5)}${digits(r, 1)}`,
    phone: (r) => `+46 70 123${digits(r, 4)}`,
  },
  {
    country: 'ie',
    city: 'Dublin',
    region: null,
    language: 'en',
    postal: (r) => `D0${r.int(1, 8)} X${r.int(1, 9)}${r.int(1, 9)}${r.int(1, 9)}`,
    phone: (r) => `+353 85 012${digits(r, 4)}`,
  },
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

/**
 * `count` customers; `weightCanada` is the share of Canadian addresses (the product's focus).
 * Emails are unique within the batch (an index keeps them unique per company).
 */
export function demoCustomers(count: number, seed: number, offset = 0): CustomerInput[] {
  const rng = prng(seed);
  const out: CustomerInput[] = [];
  for (let i = 0; i < count; i++) {
    const first = rng.pick(FIRST);
    const last = rng.pick(DEMO_SURNAMES);
    const canadian = rng.int(1, 100) <= 55;
    const place = canadian ? rng.pick(PLACES.filter((p) => p.country === 'ca')) : rng.pick(PLACES);
    const phone = place.phone(rng);
    const address: Address = {
      first_name: first,
      last_name: last,
      email: `${slug(first)}.${slug(last)}.${offset + i + 1}@example.com`,
      phone,
      street: rng.pick(STREETS[place.country] ?? STREETS.ca!),
      street_number: String(rng.int(1, 2400)),
      postal_code: place.postal(rng),
      city: place.city,
      // A US address carries its state code in `state`; other countries use `region`.
      region: place.country === 'us' ? null : place.region,
      state: place.country === 'us' ? place.region : null,
      country: place.country,
      company: null,
      address_addition: rng.int(1, 6) === 1 ? `Unit ${rng.int(1, 40)}` : null,
      vat_number: null,
    };
    out.push({
      name: `${first} ${last}`,
      email: address.email as string,
      phone,
      language: place.language,
      company_name: null,
      vat_number: null,
      billing_address: address,
      shipping_address: rng.int(1, 4) === 1 ? null : address,
    });
  }
  return out;
}
