/** Sample addresses of four countries and an issue lister, for the address tests (addresses*.test.ts). */
import type { Address, addressFormSchema, addressSchema } from './addresses.ts';

export const canadian: Address = {
  first_name: 'Chloé',
  last_name: 'Tremblay',
  email: 'chloe.tremblay@example.com',
  phone: '+1 416 555 0199',
  street: 'King Street West',
  street_number: '100',
  postal_code: 'M5V 3L9',
  city: 'Toronto',
  region: 'ON',
  state: null,
  country: 'ca',
  company: null,
  address_addition: null,
  vat_number: null,
};
export const american: Address = {
  ...canadian,
  first_name: 'Liam',
  last_name: 'Smith',
  email: 'liam@example.com',
  phone: '(212) 555-0100',
  street: 'Broadway',
  street_number: '1585',
  postal_code: '10036',
  city: 'New York',
  region: null,
  state: 'NY',
  country: 'us',
};
export const australian: Address = {
  ...canadian,
  first_name: 'Mia',
  last_name: 'Nguyen',
  email: 'mia@example.com.au',
  phone: '02 9374 4000',
  street: 'George Street',
  street_number: '200',
  postal_code: '2000',
  city: 'Sydney',
  region: 'NSW',
  state: null,
  country: 'au',
};
export const german: Address = {
  ...canadian,
  first_name: 'Jonas',
  last_name: 'Müller',
  email: 'jonas@example.de',
  phone: '+49 30 901820',
  street: 'Friedrichstraße',
  street_number: '43',
  postal_code: '10117',
  city: 'Berlin',
  region: null,
  state: null,
  country: 'de',
  company: 'Müller GmbH',
  vat_number: 'DE123456789',
};

/** Issues as `path: message`, for exact assertions. */
export const issuesOf = (schema: typeof addressSchema | typeof addressFormSchema, input: unknown) => {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
