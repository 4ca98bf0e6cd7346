import { describe, expect, it } from 'vitest';
import {
  type AddressLike,
  addressLabel,
  addressLines,
  countryName,
  localityLines,
  numberBeforeStreet,
  postalCodeAfterCity,
  streetLine,
} from './address-format.ts';

const person = { first_name: 'Anne', last_name: 'Tremblay' };

describe('address lines per country', () => {
  it('writes a Canadian address as Canada Post does, with two spaces before the postal code', () => {
    const address: AddressLike = {
      ...person,
      company: 'Northwind Rentals',
      street: 'Bay St',
      street_number: '350',
      address_addition: 'Suite 700',
      city: 'Toronto',
      region: 'ON',
      postal_code: 'M5V 2T6',
      country: 'ca',
    };
    expect(addressLines(address)).toEqual([
      'Anne Tremblay',
      'Northwind Rentals',
      '350 Bay St',
      'Suite 700',
      'Toronto ON  M5V 2T6',
      'Canada',
    ]);
  });

  it('writes a US address as USPS does, the state from `state`', () => {
    const address = {
      street: 'Pike St',
      street_number: '1501',
      city: 'Seattle',
      state: 'WA',
      postal_code: '98101',
      country: 'us',
    };
    expect(localityLines(address)).toEqual(['Seattle, WA 98101']);
    expect(streetLine(address)).toBe('1501 Pike St');
  });

  it('writes an Australian address with suburb, state and postcode on one line', () => {
    expect(localityLines({ city: 'Sydney', region: 'NSW', postal_code: '2000', country: 'au' })).toEqual([
      'Sydney NSW 2000',
    ]);
  });

  it('writes a German address with the number after the street and the postal code first', () => {
    const address = {
      ...person,
      street: 'Invalidenstraße',
      street_number: '117',
      city: 'Berlin',
      postal_code: '10115',
      country: 'de',
    };
    expect(addressLines(address)).toEqual([
      'Anne Tremblay',
      'Invalidenstraße 117',
      '10115 Berlin',
      'Germany',
    ]);
  });

  it('puts the British town and postcode on lines of their own', () => {
    expect(localityLines({ city: 'London', postal_code: 'SW1A 1AA', country: 'gb' })).toEqual([
      'London',
      'SW1A 1AA',
    ]);
  });

  it('writes the Italian province code after the city and the Spanish province when it is not the city', () => {
    expect(localityLines({ city: 'Roma', region: 'RM', postal_code: '00184', country: 'it' })).toEqual([
      '00184 Roma RM',
    ]);
    expect(localityLines({ city: 'Madrid', region: 'M', postal_code: '28013', country: 'es' })).toEqual([
      '28013 Madrid',
    ]);
    expect(
      localityLines({ city: 'Vilanova i la Geltrú', region: 'B', postal_code: '08800', country: 'es' }),
    ).toEqual(['08800 Vilanova i la Geltrú', 'Barcelona']);
  });

  it('keeps a free-text region of a country without a list on a line of its own', () => {
    expect(localityLines({ city: 'München', region: 'Bayern', postal_code: '80331', country: 'de' })).toEqual(
      ['80331 München', 'Bayern'],
    );
  });

  it('leaves out what is missing without stray separators', () => {
    expect(localityLines({ city: 'Toronto', postal_code: 'M5V 2T6', country: 'ca' })).toEqual([
      'Toronto  M5V 2T6',
    ]);
    expect(localityLines({ city: 'Seattle', postal_code: '98101', country: 'us' })).toEqual([
      'Seattle, 98101',
    ]);
    expect(addressLines({ country: 'xx' })).toEqual(['XX']);
    expect(addressLines({})).toEqual([]);
  });
});

describe('the street line', () => {
  it('does not repeat a number the street already contains', () => {
    expect(streetLine({ street: '350 Bay St', street_number: '', country: 'ca' })).toBe('350 Bay St');
    expect(
      streetLine({ street: 'Rue Sainte-Catherine Ouest 1250', street_number: '1250', country: 'ca' }),
    ).toBe('Rue Sainte-Catherine Ouest 1250');
  });

  it('adds a number that only looks like part of another one', () => {
    expect(streetLine({ street: 'Highway 12', street_number: '1', country: 'ca' })).toBe('1 Highway 12');
  });

  it('orders number and street by country', () => {
    expect(numberBeforeStreet('CA')).toBe(true);
    expect(numberBeforeStreet('fr')).toBe(true);
    expect(numberBeforeStreet('de')).toBe(false);
    expect(numberBeforeStreet(null)).toBe(false);
  });
});

describe('labels and names', () => {
  it('names the fields as each country does', () => {
    expect(addressLabel('postal_code', 'us')).toBe('ZIP code');
    expect(addressLabel('region', 'ca')).toBe('Province');
    expect(addressLabel('postal_code', 'AU')).toBe('Postcode');
    expect(addressLabel('city', 'au')).toBe('Suburb');
    expect(addressLabel('postal_code', 'de')).toBe('Postal code');
    expect(addressLabel('region', undefined)).toBe('Region');
  });

  it('orders city and postal code by country', () => {
    expect(postalCodeAfterCity('ca')).toBe(true);
    expect(postalCodeAfterCity('us')).toBe(true);
    expect(postalCodeAfterCity('de')).toBe(false);
  });

  it('gives a country name for a two-letter code only', () => {
    expect(countryName('ca')).toBe('Canada');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('xx')).toBeNull();
    expect(countryName('can')).toBeNull();
    expect(countryName(null)).toBeNull();
  });
});
