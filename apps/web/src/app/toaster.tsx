/** notistack's container, mounted with the first toast (see utils/notify.ts). */
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToaster } from '../utils/notify.ts';

export function Toaster() {
  // The provider (a child) is constructed before this effect runs, and it sets `enqueueSnackbar`.
  useEffect(() => {
    attachToaster((message, variant) => enqueueSnackbar(message, { variant }));
    return () => attachToaster(null);
  }, []);
  // Bottom left: a dialog's buttons sit on the right, so a toast never covers Save or Cancel (bottom
  // right it did, until it hid). The same message twice does not stack.
  return (
    <SnackbarProvider
      maxSnack={4}
      autoHideDuration={5000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      preventDuplicate
    />
  );
}
