/**
 * Asking before unsaved changes are lost (issue 11, "Forms"), built once for every form: `DialogForm`
 * and `CardForm` register their form's "is it dirty?" (from `useSubmit`), and this provider, mounted
 * once at the router's root, asks "Discard unsaved changes?" before
 * - any navigation inside the app (a link, the drawer, the browser's back button: React Router's
 *   `useBlocker`, which only one component may use, hence one provider rather than one per form),
 * - a route dialog's own closing (Esc, the backdrop, its close button, Cancel: `useLeaveGuard`),
 * and lets the browser ask before a reload or closing the tab (`beforeunload`).
 * A successful save is not asked about: `useSubmit` makes the saved values the form's new baseline.
 */
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';

// The dialog (MUI's Dialog) loads only when it is needed: the provider is in the sign-in page's bundle.
const DiscardDialog = lazy(() => import('./DiscardDialog.tsx').then((m) => ({ default: m.DiscardDialog })));

type IsDirty = () => boolean;

interface UnsavedChanges {
  /** Adds a form's dirty check; returns its removal. */
  register: (isDirty: IsDirty) => () => void;
  /** Runs `leave` now when nothing is dirty, else after the user chose to discard. */
  confirmLeave: (leave: () => void) => void;
}

const UnsavedChangesContext = createContext<UnsavedChanges | null>(null);

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const sources = useRef(new Set<IsDirty>());
  // Set once the user chose to discard: the navigation that follows (a dialog's close) is let through.
  const discarded = useRef(false);
  const anyDirty = useCallback(() => !discarded.current && [...sources.current].some((dirty) => dirty()), []);

  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        // A change of the URL's hash or of nothing is no leaving.
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search) &&
        anyDirty(),
      [anyDirty],
    ),
  );
  const [pending, setPending] = useState<(() => void) | null>(null);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!anyDirty()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their own "Leave site?" question.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [anyDirty]);

  const value = useMemo<UnsavedChanges>(
    () => ({
      register: (isDirty) => {
        sources.current.add(isDirty);
        // A new form starts a new question (the previous discard was for the form that is gone).
        discarded.current = false;
        return () => {
          sources.current.delete(isDirty);
        };
      },
      confirmLeave: (leave) => {
        if (!anyDirty()) leave();
        else setPending(() => leave);
      },
    }),
    [anyDirty],
  );

  const asking = blocker.state === 'blocked' || pending !== null;
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setPending(null);
  };
  const discard = () => {
    discarded.current = true;
    if (blocker.state === 'blocked') blocker.proceed();
    pending?.();
    setPending(null);
  };

  return (
    <UnsavedChangesContext.Provider value={value}>
      {children}
      {asking && (
        <Suspense fallback={null}>
          <DiscardDialog onStay={stay} onDiscard={discard} />
        </Suspense>
      )}
    </UnsavedChangesContext.Provider>
  );
}

const NO_PROVIDER: UnsavedChanges = { register: () => () => {}, confirmLeave: (leave) => leave() };

/** Registers a form's dirty check while it is mounted (`DialogForm`, `CardForm`). */
export function useUnsavedChanges(isDirty: IsDirty | undefined) {
  const { register } = useContext(UnsavedChangesContext) ?? NO_PROVIDER;
  // The latest check, without registering again on every render.
  const latest = useRef(isDirty);
  latest.current = isDirty;
  useEffect(() => register(() => latest.current?.() ?? false), [register]);
}

/** A route dialog's closing: asks first when a form in it (or on the page) has unsaved changes. */
export function useLeaveGuard(): (leave: () => void) => void {
  return (useContext(UnsavedChangesContext) ?? NO_PROVIDER).confirmLeave;
}
