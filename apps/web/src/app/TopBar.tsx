/**
 * The top app bar (spec 01 §2): menu toggle on mobile, breadcrumbs, company switchers, help, sign in /
 * sign out and profile. On auth routes other than auth-profile it is transparent with most items hidden.
 */
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link, useMatches } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { CompanySwitcher } from '../features/companies/CompanySwitcher.tsx';
import { OperatorCompanySwitcher } from '../features/companies/OperatorCompanySwitcher.tsx';
import { AccountActions } from './AccountActions.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
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

export function TopBar({ variant, onMenuClick }: { variant: 'admin' | 'default'; onMenuClick?: () => void }) {
  const routeName = useRouteName();
  const bare = routeName.includes('auth') && routeName !== 'auth-profile';
  const transparent = bare || variant === 'default';
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const switchers = !bare && (
    <>
      <CompanySwitcher inverted={transparent} />
      <OperatorCompanySwitcher inverted={transparent} />
    </>
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
        {variant === 'admin' && (
          <Box sx={{ display: { xs: 'none', sm: 'block' }, minWidth: 0 }}>
            <Breadcrumbs />
          </Box>
        )}
        <Box sx={{ flexGrow: 1 }} />
        {!narrow && switchers}
        <HelpMenu />
        {!bare && <AccountActions inverted={transparent} />}
      </Toolbar>
      {narrow && switchers && <Box sx={{ display: 'flex', gap: 1, px: 2, pb: 1 }}>{switchers}</Box>}
    </AppBar>
  );
}
