/**
 * Toasts (notistack) for success, error, warning and info.
 * Spec 01 §6 "Alert visibility": errors, warnings and successes follow the user's preferences
 * (default on); info is always shown; warnings are shown only when the current company is super.
 */
import { enqueueSnackbar } from 'notistack';

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

export const notify = {
  success(message: string) {
    if (preferences.showSuccesses && message) enqueueSnackbar(message, { variant: 'success' });
  },
  error(message: string) {
    if (preferences.showErrors && message) enqueueSnackbar(message, { variant: 'error' });
  },
  warning(message: string) {
    if (preferences.showWarnings && preferences.companyIsSuper && message) {
      enqueueSnackbar(message, { variant: 'warning' });
    }
  },
  info(message: string) {
    if (message) enqueueSnackbar(message, { variant: 'info' });
  },
};
