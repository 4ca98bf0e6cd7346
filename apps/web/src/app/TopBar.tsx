/**
 * The top app bar (spec 01 §2): menu toggle on mobile, breadcrumbs, company switchers, help, sign in /
 * sign out and profile. On auth routes other than auth-profile it is transparent with most items hidden.
 * The breadcrumbs, switchers and account buttons come from the layout (`breadcrumbs`, `session`), so
 * that this bar, which the sign-in page shows, does not bring their code into the sign-in page's
 * bundle: the admin layout passes them, the default layout loads them lazily where it shows them.
 */
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { Link, useMatches } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import type { RouteMeta } from './route-meta.ts';
import { shellIds } from './testids.ts';

/** The name of the deepest matched route (`auth-login`, `cms-customers-id`). */
export function useRouteName(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.name) return handle.name;
  }
  return '';
}

/** The signed-in controls of the bar: the company switchers and the account buttons. */
export interface SessionControls {
  /** The global search (Ctrl/Cmd+K), over the current company's lists. */
  Search: ComponentType<{ inverted: boolean }>;
  Switchers: ComponentType<{ inverted: boolean }>;
  /** The notifications bell, popover and dialog (features/notifications). */
  Notifications: ComponentType<{ inverted: boolean }>;
  Account: ComponentType<{ inverted: boolean }>;
}

export function TopBar({
  variant,
  onMenuClick,
  breadcrumbs,
  session,
}: {
  variant: 'admin' | 'default';
  onMenuClick?: () => void;
  breadcrumbs?: ReactNode;
  session?: SessionControls;
}) {
  const routeName = useRouteName();
  const bare = routeName.includes('auth') && routeName !== 'auth-profile';
  const transparent = bare || variant === 'default';
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // Lazy controls (default layout) appear when loaded; the bar does not wait for them.
  const switchers = !bare && session && (
    <Suspense fallback={null}>
      <session.Switchers inverted={transparent} />
    </Suspense>
  );

  return (
    <AppBar
      position="sticky"
      elevation={0}
      color={transparent ? 'transparent' : 'inherit'}
      data-testid={shellIds.appBar}
      data-transparent={transparent}
      sx={{
        color: transparent ? '#fff' : 'text.primary',
        bgcolor: transparent ? 'transparent' : 'rgba(255, 255, 255, 0.9)',
        backdropFilter: transparent ? undefined : 'blur(8px)',
        borderBottom: transparent ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, sm: 64 } }}>
        {variant === 'admin' && onMenuClick && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open menu"
            onClick={onMenuClick}
            data-testid={shellIds.mobileMenuToggle}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        )}
        {variant === 'default' && (
          <Box
            component={Link}
            to="/"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: 2,
            }}
          >
            <Logo size={30} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
              Rentloop
            </Typography>
          </Box>
        )}
        {breadcrumbs && <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>{breadcrumbs}</Box>}
        <Box sx={{ flexGrow: 1 }} />
        {!bare && session && (
          <Suspense fallback={null}>
            <session.Search inverted={transparent} />
          </Suspense>
        )}
        {!narrow && switchers}
        <HelpMenu />
        {!bare && session && (
          <Suspense fallback={null}>
            <session.Notifications inverted={transparent} />
          </Suspense>
        )}
        {!bare && session && (
          <Suspense fallback={null}>
            <session.Account inverted={transparent} />
          </Suspense>
        )}
      </Toolbar>
      {narrow && switchers && <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1 }}>{switchers}</Box>}
    </AppBar>
  );
}
