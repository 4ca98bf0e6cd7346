import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useEffect, useState } from 'react';
import { createQueryClient } from '../api/query-client.ts';
import { tokenStore } from '../api/tokens.ts';
import { CurrentCompanyProvider } from '../features/companies/current-company.tsx';
import { theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  // When the session ends (sign-out, a refused refresh, another tab) nothing of it may stay cached.
  useEffect(
    () =>
      tokenStore.subscribe(() => {
        if (!tokenStore.accessToken()) queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {/* Bottom left: a dialog's buttons sit on the right, so a toast never covers Save or Cancel
            (bottom right it did, until it hid). The same message twice does not stack. */}
        <SnackbarProvider
          maxSnack={4}
          autoHideDuration={5000}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          preventDuplicate
        >
          <CurrentCompanyProvider>{children}</CurrentCompanyProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
