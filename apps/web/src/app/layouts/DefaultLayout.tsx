/** Default layout (spec 01 §2): app bar and content on a gradient background. */
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { TopBar } from '../TopBar.tsx';
import { shellIds } from '../testids.ts';
import { DEFAULT_LAYOUT_BACKGROUND } from '../theme.ts';

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
      <TopBar variant="default" />
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
