/**
 * Toasts (notistack) for success, error, warning and info.
 * Spec 01 §6 "Alert visibility": errors, warnings and successes follow the user's preferences
 * (default on); info is always shown; warnings are shown only when the current company is super.
 *
 * notistack itself (~8 kB gzip) is loaded with the first toast (`app/toaster.tsx`), not with the
 * app: most screens, the sign-in page first, show none on load. Toasts asked for before it is there
 * wait for it, in order.
 */
import type { VariantType } from 'notistack';

export interface ToastPreferences {
  showErrors: boolean;
  showWarnings: boolean;
  showSuccesses: boolean;
  companyIsSuper: boolean;
}

const DEFAULTS: ToastPreferences = {
  showErrors: true,
  showWarnings: true,
  showSuccesses: true,
  companyIsSuper: false,
};
let preferences: ToastPreferences = DEFAULTS;

export function setToastPreferences(next: Partial<ToastPreferences> | null) {
  preferences = next ? { ...DEFAULTS, ...next } : DEFAULTS;
}

type Show = (message: string, variant: VariantType) => void;
let show: Show | null = null;
const waiting: [string, VariantType][] = [];
let requested = false;
const listeners = new Set<() => void>();

function enqueue(message: string, variant: VariantType) {
  if (show) return show(message, variant);
  waiting.push([message, variant]);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/**
 * The same message is not shown twice at once, but only while the first is open: notistack's own
 * `preventDuplicate` also counts a toast that is closing (its exit animation), so an action repeated
 * just then (a webhook resent as its first "Webhook fired." fades) got no toast at all. `show` gets a
 * `closed` callback to call when its toast starts to close.
 */
export function onceWhileOpen(
  show: (message: string, variant: VariantType, closed: () => void) => void,
): Show {
  const open = new Set<string>();
  return (message, variant) => {
    const key = `${variant}\u0000${message}`;
    if (open.has(key)) return;
    open.add(key);
    show(message, variant, () => open.delete(key));
  };
}

/** The mounted toaster hands over notistack's `enqueueSnackbar` (null when it unmounts). */
export function attachToaster(next: Show | null) {
  show = next;
  if (next) for (const [message, variant] of waiting.splice(0)) next(message, variant);
}

/** Whether a toast has been asked for (then the toaster is mounted), for `useSyncExternalStore`. */
export const toasterWanted = {
  get: () => requested,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const notify = {
  success(message: string) {
    if (preferences.showSuccesses && message) enqueue(message, 'success');
  },
  error(message: string) {
    if (preferences.showErrors && message) enqueue(message, 'error');
  },
  warning(message: string) {
    if (preferences.showWarnings && preferences.companyIsSuper && message) enqueue(message, 'warning');
  },
  info(message: string) {
    if (message) enqueue(message, 'info');
  },
};
