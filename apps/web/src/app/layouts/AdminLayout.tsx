/**
 * Admin layout (spec 01 §2): side drawer, app bar, content and footer. Loaded lazily by the router
 * (its own chunk with the drawer, breadcrumbs and switchers), so the sign-in page does not load it.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DRAWER_MINI_KEY as MINI_KEY } from '../../api/storage-keys.ts';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ActionDialogHost } from '../../components/use-action-dialog.tsx';
import { Breadcrumbs } from '../Breadcrumbs.tsx';
import { APP_VERSION } from '../config.ts';
import { MAIN_CONTENT_ID, SkipLink } from '../focus.tsx';
import { SideDrawer } from '../SideDrawer.tsx';
import { sessionControls } from '../session-controls.tsx';
import { TopBar } from '../TopBar.tsx';
import { shellIds } from '../testids.ts';

function readMini(): boolean {
  try {
    return window.localStorage.getItem(MINI_KEY) === 'true';
  } catch {
    return false;
  }
}

function Footer() {
  return (
    <Box
      component="footer"
      data-testid={shellIds.footer}
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        px: { xs: 2, md: 3 },
        py: 2,
        color: 'text.secondary',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="caption">© {new Date().getFullYear()} Rentloop</Typography>
      <Typography variant="caption">Version {APP_VERSION}</Typography>
    </Box>
  );
}

export function AdminLayout() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [mini, setMini] = useState(readMini);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mobile drawer closes whenever the page changes
  useEffect(() => setMobileOpen(false), [pathname]);

  const toggleMini = () =>
    setMini((current) => {
      window.localStorage.setItem(MINI_KEY, String(!current));
      return !current;
    });

  return (
    <Box
      data-testid={shellIds.adminLayout}
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
    >
      <SkipLink />
      <SideDrawer
        mini={mini}
        onToggleMini={toggleMini}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          variant="admin"
          onMenuClick={() => setMobileOpen(true)}
          breadcrumbs={<Breadcrumbs />}
          session={sessionControls}
        />
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          data-testid={shellIds.mainContent}
          sx={{
            flexGrow: 1,
            width: '100%',
            maxWidth: 1440,
            mx: 'auto',
            p: { xs: 2, md: 3 },
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <Suspense fallback={<PageLoader />}>
            <ActionDialogHost>
              <Outlet />
            </ActionDialogHost>
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
