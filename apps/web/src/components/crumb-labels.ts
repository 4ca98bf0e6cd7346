/**
 * Breadcrumb labels given by pages from the data they loaded ("Daan Gagnon" instead of "Customer 520"):
 * a page calls `useCrumbLabel(label)`; the breadcrumbs (in the admin layout's chunk) read them with
 * `useCrumbLabels()`. A small store outside React's tree, since the two live in different chunks and
 * neither renders the other. Keyed by the path of the route that set it, so an edit dialog's URL
 * (`/cms/customers/520/edit`) still names the customer at `/cms/customers/520`.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useResolvedPath } from 'react-router';

let labels: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function set(path: string, label: string | undefined) {
  const next = new Map(labels);
  if (label) next.set(path, label);
  else next.delete(path);
  labels = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The labels by path, for the breadcrumbs. */
export function useCrumbLabels(): ReadonlyMap<string, string> {
  return useSyncExternalStore(subscribe, () => labels);
}

/** Names the current route's crumb while the page is shown (`undefined` while the record loads). */
export function useCrumbLabel(label: string | undefined) {
  // The path of the route rendering this, not the URL (which may be a child dialog's).
  const { pathname } = useResolvedPath('.');
  useEffect(() => {
    if (!label) return;
    set(pathname, label);
    return () => set(pathname, undefined);
  }, [pathname, label]);
}
