/** Empty layout: content only, used where the app's chrome must not render (the app-level error page). */
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { shellIds } from '../testids.ts';
import { DEFAULT_LAYOUT_BACKGROUND } from '../theme.ts';

export function EmptyLayout({ children }: { children?: ReactNode }) {
  return (
    <Box
      data-testid={shellIds.emptyLayout}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: DEFAULT_LAYOUT_BACKGROUND,
      }}
    >
      {children ?? <Outlet />}
    </Box>
  );
}
