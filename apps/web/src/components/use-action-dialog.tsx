/**
 * Opens action dialogs (`ActionDialog.tsx`). STYLE.md #4: an action is a hook returning its opener, so a
 * page wires it in one line. A feature writes one small hook per action:
 *
 *   export function useCancelOrderDialog() {
 *     const openCancelOrder = useActionDialog((order: OrderDetail) => cancelOrderSpec(order));
 *     return { openCancelOrder };
 *   }
 *
 * The builder may also return a promise of the spec (`import('./x-action.tsx').then(...)`), so an
 * action whose fields need the schemas stays out of its page's first load (a list's bulk action).
 *
 * One host per layout (`ActionDialogHost` in AdminLayout) renders the open dialog, loading the dialog
 * itself on first use. A dialog belongs to the page that opened it: going elsewhere (a link, the back
 * button) leaves it behind.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import type { ActionDialogSpec, AnyActionDialogSpec } from './ActionDialog.tsx';

const ActionDialog = lazy(() => import('./ActionDialog.tsx'));

type Open = (spec: AnyActionDialogSpec | Promise<AnyActionDialogSpec>) => void;
const HostContext = createContext<Open | null>(null);

interface Shown {
  key: number;
  spec: AnyActionDialogSpec;
  pathname: string;
}

export function ActionDialogHost({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [shown, setShown] = useState<Shown | null>(null);
  const counter = useRef(0);
  const here = useRef(pathname);
  here.current = pathname;
  const open = useCallback<Open>((spec) => {
    const key = ++counter.current;
    const at = here.current;
    void Promise.resolve(spec).then((loaded) => setShown({ key, spec: loaded, pathname: at }));
  }, []);
  return (
    <HostContext.Provider value={open}>
      {children}
      {shown && shown.pathname === pathname && (
        <Suspense fallback={null}>
          <ActionDialog
            key={shown.key}
            spec={shown.spec}
            onExited={() => setShown((now) => (now?.key === shown.key ? null : now))}
          />
        </Suspense>
      )}
    </HostContext.Provider>
  );
}

/** The opener of an action: `build` turns the opener's arguments into the action's spec. */
export function useActionDialog<A extends unknown[], T extends Record<string, unknown>, O, V, R>(
  build: (...args: A) => ActionDialogSpec<T, O, V, R> | Promise<ActionDialogSpec<T, O, V, R>>,
): (...args: A) => void {
  const open = useContext(HostContext);
  if (!open) throw new Error('useActionDialog must be used inside <ActionDialogHost>.');
  return (...args: A) => open(build(...args) as unknown as AnyActionDialogSpec);
}
