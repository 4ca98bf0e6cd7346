import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its table is wider than the screen. It is
 * a named region in the tab order, so a keyboard user can reach it and scroll
 * it with the arrow keys even when the table holds nothing focusable
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion(props: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={props.label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {props.children}
    </Box>
  );
}
