import { useCurrentCompany } from '../app/current-company.tsx';

/** The current company's currency: amounts of the catalog are in it. */
export function useCompanyCurrency(): string {
  const { company } = useCurrentCompany();
  if (!company) throw new Error('No current company: render company screens behind <RouteGuard>.');
  return company.currency;
}
