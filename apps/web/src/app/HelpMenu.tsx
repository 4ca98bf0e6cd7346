/**
 * The help button of the app bar. Its tooltip and menu come in a chunk of their own, loaded as the bar
 * renders, so the sign-in page draws without MUI's Tooltip and Popper (about 10 kB gzip) (docs/performance.md, "First load"). Until they are there the button looks the same but says it is not ready
 * (`aria-disabled`, which also makes a browser test wait): a click then does nothing, for the moment the
 * chunk takes.
 */
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import IconButton from '@mui/material/IconButton';
import { forwardRef, type MouseEventHandler, Suspense } from 'react';
import { lazyPage } from './lazy.ts';
import { shellIds } from './testids.ts';

const HelpMenuOpen = lazyPage(() => import('./HelpMenuOpen.tsx').then((m) => m.HelpMenuOpen));

/** The button itself, the same before and after the menu's chunk is there. */
export const HelpButton = forwardRef<
  HTMLButtonElement,
  { onClick?: MouseEventHandler<HTMLButtonElement>; pending?: boolean }
>(function HelpButton({ onClick, pending, ...tooltipProps }, ref) {
  return (
    <IconButton
      {...tooltipProps}
      ref={ref}
      color="inherit"
      aria-label="Help"
      aria-haspopup="menu"
      aria-disabled={pending || undefined}
      onClick={onClick}
      data-testid={shellIds.helpMenuButton}
    >
      <HelpOutline />
    </IconButton>
  );
});

/** The help menu: the knowledge base and the service desk, opened in a new tab. */
export function HelpMenu() {
  return (
    <Suspense fallback={<HelpButton pending />}>
      <HelpMenuOpen />
    </Suspense>
  );
}
