import type { UserCompany } from '@rentloop/domain/companies';
import { type CompanyRole, companyFlags } from '@rentloop/domain/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installBrowserGlobals } from '../testing/browser-globals.ts';
import {
  companyStorageKey,
  currentCompanyStore,
  cutName,
  pickMemberCompany,
} from './current-company-store.ts';

const company = (id: number, role: CompanyRole | null): UserCompany => ({
  id,
  name: `Company ${id}`,
  shop_system: null,
  payment_system: null,
  currency: 'CAD',
  is_test: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  role,
  ...companyFlags(role, null),
});

describe('pickMemberCompany', () => {
  const companies = [company(1, 'user'), company(2, 'owner'), company(3, null)];
  it('keeps the stored company while the user still has access to it', () => {
    expect(pickMemberCompany(companies, 2)?.id).toBe(2);
  });
  it('falls back to the first company without access to the stored one', () => {
    expect(pickMemberCompany(companies, 3)?.id).toBe(1);
    expect(pickMemberCompany(companies, 99)?.id).toBe(1);
    expect(pickMemberCompany(companies, null)?.id).toBe(1);
  });
  it('gives nothing to a user without companies', () => {
    expect(pickMemberCompany([], 1)).toBeNull();
  });
});

describe('currentCompanyStore', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  it('remembers the company per user', () => {
    const { localStorage } = installBrowserGlobals();
    currentCompanyStore.set(7, 2);
    currentCompanyStore.set(8, 1);
    expect(currentCompanyStore.get(7)).toBe(2);
    expect(currentCompanyStore.get(8)).toBe(1);
    expect(localStorage.getItem(companyStorageKey(7))).toBe('2');
    localStorage.setItem(companyStorageKey(9), 'nonsense');
    expect(currentCompanyStore.get(9)).toBeNull();
  });
});

describe('cutName', () => {
  it('cuts a company name at 25 characters', () => {
    expect(cutName('Northwind Rentals')).toBe('Northwind Rentals');
    expect(cutName('Alpine Leasing GmbH & Co. KG Innsbruck')).toBe('Alpine Leasing GmbH & Co.…');
  });
});
