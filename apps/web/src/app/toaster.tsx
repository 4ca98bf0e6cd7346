/** notistack's container, mounted with the first toast (see utils/notify.ts). */

import GlobalStyles from '@mui/material/GlobalStyles';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToaster, onceWhileOpen } from '../utils/notify.ts';

export function Toaster() {
  // The provider (a child) is constructed before this effect runs, and it sets `enqueueSnackbar`.
  useEffect(() => {
    attachToaster(
      onceWhileOpen((message, variant, closed) =>
        enqueueSnackbar(message, { variant, onClose: closed, onExited: closed }),
      ),
    );
    return () => attachToaster(null);
  }, []);
  // Bottom left: a dialog's buttons sit on the right, so a toast never covers Save or Cancel (bottom
  // right it did, until it hid). The same message twice does not stack while the first is open
  // (`onceWhileOpen`).
  return (
    <>
      <GlobalStyles styles={TOAST_COLORS} />
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={5000}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      />
    </>
  );
}

/**
 * notistack's own colours put white text on #43a047 (success, 3.3:1), #2196f3 (info, 3.1:1) and #ff9800
 * (warning, 2.2:1): under WCAG AA's 4.5:1 (axe `color-contrast`). These keep the hue and pass (5.1 to 8:1).
 */
const TOAST_COLORS = {
  '.notistack-MuiContent.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '.notistack-MuiContent.notistack-MuiContent-info': { backgroundColor: '#01579b' },
  '.notistack-MuiContent.notistack-MuiContent-warning': { backgroundColor: '#a14800' },
  '.notistack-MuiContent.notistack-MuiContent-error': { backgroundColor: '#c62828' },
};
