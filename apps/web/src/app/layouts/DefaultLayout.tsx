/** Default layout (spec 01 §2): app bar and content on a gradient background. */
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../focus.tsx';
import { lazyPage } from '../lazy.ts';
import { type SessionControls, TopBar } from '../TopBar.tsx';
import { shellIds } from '../testids.ts';
import { DEFAULT_LAYOUT_BACKGROUND } from '../theme.ts';

// Loaded only where the bar shows them (not on the sign-in and other auth pages): see TopBar.tsx.
const session: SessionControls = {
  Search: lazyPage(() => import('../session-controls.tsx').then((m) => m.sessionControls.Search)),
  Switchers: lazyPage(() => import('../session-controls.tsx').then((m) => m.sessionControls.Switchers)),
  Notifications: lazyPage(() =>
    import('../session-controls.tsx').then((m) => m.sessionControls.Notifications),
  ),
  Account: lazyPage(() => import('../session-controls.tsx').then((m) => m.sessionControls.Account)),
};

export function DefaultLayout() {
  return (
    <Box
      data-testid={shellIds.defaultLayout}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: DEFAULT_LAYOUT_BACKGROUND,
      }}
    >
      <SkipLink />
      <TopBar variant="default" session={session} />
      <Box
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        data-testid={shellIds.mainContent}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
