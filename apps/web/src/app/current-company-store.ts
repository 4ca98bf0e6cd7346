/**
 * The current company, remembered per user in localStorage (spec 01 §6), and the choice of the
 * initial company for a staff member.
 */
import type { UserCompany } from '@rentloop/domain/companies';

import { CURRENT_COMPANY_KEY_PREFIX } from '../api/storage-keys.ts';

const listeners = new Set<() => void>();

export const companyStorageKey = (userId: number) => `${CURRENT_COMPANY_KEY_PREFIX}${userId}`;

export const currentCompanyStore = {
  get(userId: number): number | null {
    try {
      const raw = window.localStorage.getItem(companyStorageKey(userId));
      const id = raw === null ? Number.NaN : Number(raw);
      return Number.isInteger(id) && id > 0 ? id : null;
    } catch {
      return null;
    }
  },
  set(userId: number, companyId: number) {
    window.localStorage.setItem(companyStorageKey(userId), String(companyId));
    for (const listener of listeners) listener();
  },
  clear(userId: number) {
    window.localStorage.removeItem(companyStorageKey(userId));
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Staff (not super or support): the stored company they still have access to, else their first. */
export function pickMemberCompany(companies: UserCompany[], storedId: number | null): UserCompany | null {
  const accessible = companies.filter((c) => c.hasCompanyAccess || c.hasAccess);
  return accessible.find((c) => c.id === storedId) ?? accessible[0] ?? null;
}

/** Cuts a company name for the switcher button (spec 01 §9: 25 characters). */
export function cutName(name: string, max = 25): string {
  return name.length > max ? `${name.slice(0, max).trimEnd()}…` : name;
}
