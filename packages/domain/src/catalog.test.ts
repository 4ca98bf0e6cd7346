import { describe, expect, it } from 'vitest';
import {
  formatPercentage,
  percentInputSchema,
  taxRegionProblem,
  taxRuleInputSchema,
  taxRuleUpdateSchema,
} from './catalog.ts';
import { MESSAGES } from './messages.ts';

const errorsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('tax percentages', () => {
  it('take up to four decimals (Quebec QST 9.975 %, GST + QST 14.975 %), not five', () => {
    expect(percentInputSchema.parse('9.975')).toBe('9.975');
    expect(percentInputSchema.parse('14.975')).toBe('14.975');
    expect(percentInputSchema.parse(9.975)).toBe('9.975');
    expect(percentInputSchema.parse('0.0001')).toBe('0.0001');
    expect(percentInputSchema.safeParse('9.97501').success).toBe(false);
    expect(errorsOf(percentInputSchema.safeParse('9.97501'))).toEqual({ '': MESSAGES.percentInvalid });
    expect(errorsOf(percentInputSchema.safeParse('100.0001'))).toEqual({ '': MESSAGES.maxHundredPercent });
  });

  it('are shown with two to four decimals, exactly', () => {
    expect(formatPercentage('19')).toBe('19.00');
    expect(formatPercentage('19.0000')).toBe('19.00');
    expect(formatPercentage('5.5000')).toBe('5.50');
    expect(formatPercentage('9.9750')).toBe('9.975');
    expect(formatPercentage('14.975')).toBe('14.975');
    expect(formatPercentage('0.0001')).toBe('0.0001');
    expect(formatPercentage('100.0000')).toBe('100.00');
    expect(formatPercentage('0')).toBe('0.00');
  });
});

describe('tax rule country and region', () => {
  const rule = (body: object) => taxRuleInputSchema.safeParse({ percentage: '5', ...body });

  it('takes a known country and, where the country has a region list, one of its regions', () => {
    expect(rule({ country: 'CA', region: 'qc' }).data).toMatchObject({ country: 'ca', region: 'QC' });
    expect(rule({ country: 'us', region: 'DC' }).success).toBe(true);
    expect(rule({ country: 'au', region: 'NSW' }).success).toBe(true);
    expect(rule({ country: 'de' }).success).toBe(true);
    // No region list for Germany: the region stays as typed, as in addresses.
    expect(rule({ country: 'de', region: 'by' }).data).toMatchObject({ region: 'BY' });
    expect(rule({ country: 'ca', region: '' }).success).toBe(true);
    expect(rule({ country: 'ca', region: null }).success).toBe(true);
  });

  it('refuses an unknown country and a region not of its country, naming the field', () => {
    expect(errorsOf(rule({ country: 'zz' }))).toEqual({ country: MESSAGES.countryUnknown });
    expect(errorsOf(rule({ country: 'Canada' }))).toEqual({ country: MESSAGES.countryCodeFormat });
    expect(errorsOf(rule({ country: 'ca', region: 'XX' }))).toEqual({ region: MESSAGES.regionUnknown });
    expect(errorsOf(rule({ country: 'ca', region: 'NY' }))).toEqual({ region: MESSAGES.regionUnknown });
    expect(errorsOf(rule({ country: 'us', region: 'ON' }))).toEqual({ region: MESSAGES.regionUnknown });
  });

  it('checks an update’s region against its country when both are sent', () => {
    expect(taxRuleUpdateSchema.safeParse({ percentage: '7.5' }).success).toBe(true);
    expect(taxRuleUpdateSchema.safeParse({ region: 'XX' }).success).toBe(true); // checked against the stored country
    expect(errorsOf(taxRuleUpdateSchema.safeParse({ country: 'ca', region: 'XX' }))).toEqual({
      region: MESSAGES.regionUnknown,
    });
    expect(errorsOf(taxRuleUpdateSchema.safeParse({ country: 'zz' }))).toEqual({
      country: MESSAGES.countryUnknown,
    });
    expect(taxRegionProblem('it', 'MI')).toBeNull();
    expect(taxRegionProblem('it', 'ZZ')).toBe(MESSAGES.regionUnknown);
  });
});
