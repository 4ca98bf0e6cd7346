import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { createQueryClient } from '../api/query-client.ts';
import { tokenStore } from '../api/tokens.ts';
import { toasterWanted } from '../utils/notify.ts';
import { CurrentCompanyProvider } from './current-company.tsx';
import { lazyPage } from './lazy.ts';
import { theme } from './theme.ts';

const Toaster = lazyPage(() => import('./toaster.tsx').then((m) => m.Toaster));

/** notistack's container, loaded and mounted when the first toast is asked for. */
function LazyToaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

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
        <CurrentCompanyProvider>{children}</CurrentCompanyProvider>
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
