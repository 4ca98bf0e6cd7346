/**
 * The current company of the signed-in user (spec 01 §6 "Initial company"):
 * - super and support users with no stored company get the first company of `GET /api/companies?per_page=1`;
 * - everyone else gets the stored company they still have access to, or else their first company.
 * The choice is remembered per user; every company-scoped screen reads it through `useCompanyId()`.
 */
import type { Me } from '@rentloop/domain/auth';
import type { Company } from '@rentloop/domain/companies';
import { type CompanyFlags, type CompanyRole, companyFlags } from '@rentloop/domain/role-flags';
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { ApiError } from '../api/client.ts';
import { useMe } from '../features/auth/hooks.ts';
import { companiesKeys, fetchCompanies, useCompany } from '../features/companies/hooks.ts';
import { setToastPreferences } from '../utils/notify.ts';
import { currentCompanyStore, pickMemberCompany } from './current-company-store.ts';
import { type CompanyStatus, NO_FLAGS, withGlobalRole } from './route-meta.ts';

export interface CurrentCompany {
  id: number;
  name: string;
  currency: Company['currency'];
  role: CompanyRole | null;
  flags: CompanyFlags;
}

export type { CompanyStatus };

export interface CurrentCompanyValue {
  status: CompanyStatus;
  company: CurrentCompany | null;
  /** The current company's flags, with the global role's: an operator is one even with no company. */
  flags: CompanyFlags;
  me: Me | null;
  /** Super-admin or support-user: may switch between every company. */
  isOperator: boolean;
  error: string | null;
  /** Makes a company current (the caller navigates). */
  select: (companyId: number) => void;
}

const CurrentCompanyContext = createContext<CurrentCompanyValue | null>(null);

export const isOperatorUser = (me: Me | null | undefined) =>
  me?.role === 'super-admin' || me?.role === 'support-user';

function flagsOf(c: CompanyFlags): CompanyFlags {
  const { hasCompanyAccess, hasAccess, isOwner, isAdmin, isSuper, isSupport } = c;
  return { hasCompanyAccess, hasAccess, isOwner, isAdmin, isSuper, isSupport };
}

export function CurrentCompanyProvider({ children }: { children: ReactNode }) {
  const meQuery = useMe();
  const me = meQuery.data ?? null;
  const userId = me?.id ?? null;
  const isOperator = isOperatorUser(me);

  const storedId = useSyncExternalStore(currentCompanyStore.subscribe, () =>
    userId === null ? null : currentCompanyStore.get(userId),
  );

  // Staff: chosen from their own companies.
  const member = me && !isOperator ? pickMemberCompany(me.companies, storedId) : null;

  // Operators without a stored company: the first company of the list.
  const first = useQuery({
    queryKey: companiesKeys.list('initial'),
    queryFn: () => fetchCompanies({ search: '', page: 1, perPage: 1 }),
    enabled: isOperator && storedId === null,
  });
  const operatorId = isOperator ? (storedId ?? first.data?.data[0]?.id ?? null) : null;
  const listed = me?.companies.find((c) => c.id === operatorId) ?? null;
  const detail = useCompany(operatorId, isOperator && listed === null);

  const currentId = isOperator ? operatorId : (member?.id ?? null);

  // Remember the resolved company, and forget a stored one that no longer exists.
  useEffect(() => {
    if (userId === null) return;
    if (currentId !== null && currentId !== storedId) currentCompanyStore.set(userId, currentId);
  }, [userId, currentId, storedId]);
  useEffect(() => {
    if (userId !== null && detail.error instanceof ApiError && detail.error.status === 404) {
      currentCompanyStore.clear(userId);
    }
  }, [userId, detail.error]);

  const company = useMemo<CurrentCompany | null>(() => {
    if (!me) return null;
    if (!isOperator) {
      return member
        ? {
            id: member.id,
            name: member.name,
            currency: member.currency,
            role: member.role,
            flags: flagsOf(member),
          }
        : null;
    }
    const source = listed ?? detail.data ?? null;
    if (!source) return null;
    const role = listed?.role ?? null;
    return {
      id: source.id,
      name: source.name,
      currency: source.currency,
      role,
      flags: listed ? flagsOf(listed) : companyFlags(role, me.role),
    };
  }, [me, isOperator, member, listed, detail.data]);

  let status: CompanyStatus;
  let error: string | null = null;
  if (!me) {
    status = meQuery.isPending && meQuery.fetchStatus !== 'idle' ? 'loading' : 'signed-out';
    if (meQuery.error) {
      status = 'error';
      error = meQuery.error.message;
    }
  } else if (company) {
    status = 'ready';
  } else if (!isOperator) {
    status = 'none';
  } else if (
    first.error ||
    (detail.error && !(detail.error instanceof ApiError && detail.error.status === 404))
  ) {
    status = 'error';
    error = (first.error ?? detail.error)?.message ?? null;
  } else if (storedId === null && first.isSuccess && first.data.data.length === 0) {
    status = 'none';
  } else {
    status = 'loading';
  }

  useEffect(() => {
    setToastPreferences(
      me
        ? {
            showErrors: me.show_errors,
            showWarnings: me.show_warnings,
            showSuccesses: me.show_successes,
            companyIsSuper: company?.flags.isSuper ?? false,
          }
        : null,
    );
  }, [me, company]);

  const select = useCallback(
    (companyId: number) => {
      if (userId !== null) currentCompanyStore.set(userId, companyId);
    },
    [userId],
  );

  const value = useMemo<CurrentCompanyValue>(
    () => ({
      status,
      company,
      flags: withGlobalRole(company?.flags ?? NO_FLAGS, me?.role),
      me,
      isOperator,
      error,
      select,
    }),
    [status, company, me, isOperator, error, select],
  );
  return <CurrentCompanyContext.Provider value={value}>{children}</CurrentCompanyContext.Provider>;
}

export function useCurrentCompany(): CurrentCompanyValue {
  const value = useContext(CurrentCompanyContext);
  if (!value) throw new Error('useCurrentCompany must be used inside <CurrentCompanyProvider>.');
  return value;
}

/** The current company's id; company-scoped screens render only once it is known (see RouteGuard). */
export function useCompanyId(): number {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('No current company: render company screens behind <RouteGuard>.');
  return company.id;
}
