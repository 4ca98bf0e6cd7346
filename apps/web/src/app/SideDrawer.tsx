/** The side drawer (spec 01 §2): built from the route table, mini mode on desktop, temporary on mobile. */
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Circle from '@mui/icons-material/Circle';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, lazy, Suspense, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { LazyTooltip as Tooltip } from '../components/LazyTooltip.tsx';
import { Logo } from '../components/Logo.tsx';
import { useFeatureFlags } from '../features/settings/feature-flags.ts';
import { appRouteNav } from '../route-nav.ts';
import { appRoutes } from '../routes.tsx';
import { APP_VERSION, IS_DEVELOPMENT } from './config.ts';
import { useCurrentCompany } from './current-company.tsx';
import { buildDrawer, type DrawerItem, type DrawerSection, withFeatureFlags } from './drawer-menu.ts';
import { withGlobalRole } from './route-meta.ts';
import { shellIds } from './testids.ts';
import { DRAWER_MINI_WIDTH, DRAWER_WIDTH, PRIMARY } from './theme.ts';

/**
 * MUI's Chip (~3 kB gzip) for the few "New" tags only (the `new_tags` flag): it comes after the drawer
 * rather than in every admin screen's first load, which a list without chips then does without
 * (docs/performance.md, "First load").
 */
const Chip = lazy(() => import('@mui/material/Chip'));

const DRAWER_BG = '#0c2b25';
const DRAWER_TEXT = 'rgba(255, 255, 255, 0.78)';

function isActive(pathname: string, item: DrawerItem) {
  return pathname === item.path || pathname.startsWith(`${item.path}/`);
}

function DrawerEntry({ item, mini, active }: { item: DrawerItem; mini: boolean; active: boolean }) {
  const Icon = item.icon ?? Circle;
  const button = (
    <ListItemButton
      component={Link}
      to={item.path}
      selected={active}
      data-testid={shellIds.drawerItem(item.name)}
      sx={{
        minHeight: 42,
        mx: 1,
        my: 0.25,
        px: mini ? 1.5 : 1.5,
        borderRadius: 2,
        justifyContent: mini ? 'center' : 'flex-start',
        color: DRAWER_TEXT,
        '&:hover': { bgcolor: alpha('#ffffff', 0.06), color: '#fff' },
        '&.Mui-selected': { bgcolor: alpha(PRIMARY, 0.16), color: '#fff' },
        '&.Mui-selected:hover': { bgcolor: alpha(PRIMARY, 0.22) },
        '&.Mui-selected .MuiListItemIcon-root': { color: PRIMARY },
        // The theme's dark focus ring would vanish on the drawer's dark green.
        '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY}`, outlineOffset: 0, color: '#fff' },
      }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: mini ? 0 : 1.5, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!mini && (
        <ListItemText
          primary={item.title}
          slotProps={{ primary: { variant: 'body2', sx: { fontWeight: 500 } } }}
        />
      )}
      {!mini && item.displayNewTag && (
        <Suspense fallback={null}>
          <Chip
            label="New"
            size="small"
            color="primary"
            data-testid={shellIds.drawerNewTag(item.name)}
            sx={{ height: 20, fontSize: 11, fontWeight: 700 }}
          />
        </Suspense>
      )}
    </ListItemButton>
  );
  // A list holds list items only: the link sits in an <li> (axe `list`, `listitem`).
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {mini ? (
        <Tooltip title={item.displayNewTag ? `${item.title} (New)` : item.title} placement="right">
          {button}
        </Tooltip>
      ) : (
        button
      )}
    </ListItem>
  );
}

function DrawerContent({
  sections,
  mini,
  onToggleMini,
}: {
  sections: DrawerSection[];
  mini: boolean;
  onToggleMini?: () => void;
}) {
  const { pathname } = useLocation();
  // All of the drawer is the main navigation: its logo link and version are inside the landmark too
  // (axe `region`: no content outside landmarks).
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        bgcolor: DRAWER_BG,
        color: DRAWER_TEXT,
      }}
    >
      <Box
        component={Link}
        to="/cms/insights"
        data-testid={shellIds.drawerLogo}
        aria-label="Rentloop insights"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          height: 64,
          px: mini ? 0 : 2.25,
          justifyContent: mini ? 'center' : 'flex-start',
          color: '#fff',
          textDecoration: 'none',
          flexShrink: 0,
        }}
      >
        <Logo size={32} />
        {!mini && (
          <Typography variant="h6" component="span" sx={{ fontWeight: 700, letterSpacing: '-0.01em' }}>
            Rentloop
          </Typography>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}>
        {sections.map((section) => (
          <Fragment key={section.id}>
            {/* In mini mode a line separates the sections, outside the list: a list holds only its items. */}
            {section.header && mini && <Divider sx={{ my: 1, mx: 2, borderColor: alpha('#ffffff', 0.12) }} />}
            <List
              dense
              disablePadding
              subheader={
                section.header && !mini ? (
                  <ListSubheader
                    disableSticky
                    data-testid={shellIds.drawerHeader(section.id)}
                    sx={{
                      bgcolor: 'transparent',
                      color: alpha('#ffffff', 0.5),
                      fontSize: 11,
                      fontWeight: 700,
                      letterSpacing: '0.08em',
                      textTransform: 'uppercase',
                      lineHeight: '32px',
                      mt: 1,
                      px: 3,
                    }}
                  >
                    {section.header}
                  </ListSubheader>
                ) : undefined
              }
            >
              {section.items.map((item) => (
                <DrawerEntry key={item.name} item={item} mini={mini} active={isActive(pathname, item)} />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
      <Divider sx={{ borderColor: alpha('#ffffff', 0.12) }} />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: mini ? 'center' : 'space-between',
          flexDirection: mini ? 'column' : 'row',
          gap: 0.5,
          px: mini ? 0 : 2,
          py: 1,
        }}
      >
        <Typography
          variant="caption"
          data-testid={shellIds.drawerVersion}
          sx={{ color: alpha('#ffffff', 0.5) }}
        >
          v{APP_VERSION}
        </Typography>
        {onToggleMini && (
          <Tooltip title={mini ? 'Expand menu' : 'Collapse menu'} placement="right">
            <IconButton
              size="small"
              onClick={onToggleMini}
              aria-label={mini ? 'Expand menu' : 'Collapse menu'}
              data-testid={shellIds.drawerMiniToggle}
              sx={{ color: DRAWER_TEXT }}
            >
              {mini ? <ChevronRight fontSize="small" /> : <ChevronLeft fontSize="small" />}
            </IconButton>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}

export interface SideDrawerProps {
  mini: boolean;
  onToggleMini: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

export function SideDrawer({ mini, onToggleMini, mobileOpen, onCloseMobile }: SideDrawerProps) {
  const { flags, me } = useCurrentCompany();
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  // The Operator section follows the global role, so it shows on an empty platform too.
  const role = me?.role;
  const featureFlags = useFeatureFlags();
  const newTags = featureFlags.enabled('new_tags');
  const debtCollection = featureFlags.enabled('debt_collection');
  const sections = useMemo(
    () =>
      withFeatureFlags(
        buildDrawer(appRoutes, appRouteNav, {
          flags: withGlobalRole(flags, role),
          isDevelopment: IS_DEVELOPMENT,
        }),
        { newTags, debtCollection },
      ),
    [flags, role, newTags, debtCollection],
  );

  if (!desktop) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onCloseMobile}
        data-testid={shellIds.drawer}
        // The temporary drawer's paper is a dialog: it needs a name (axe aria-dialog-name).
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH, border: 0 }, 'aria-label': 'Menu' } }}
      >
        <DrawerContent sections={sections} mini={false} />
      </Drawer>
    );
  }

  const width = mini ? DRAWER_MINI_WIDTH : DRAWER_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-testid={shellIds.drawer}
      data-mini={mini}
      sx={{
        width,
        flexShrink: 0,
        // The docked drawer's own box runs the page's full height in the drawer's colour.
        bgcolor: DRAWER_BG,
        transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      }}
      slotProps={{
        paper: {
          sx: {
            width,
            border: 0,
            overflowX: 'hidden',
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
          },
        },
      }}
    >
      <DrawerContent sections={sections} mini={mini} onToggleMini={onToggleMini} />
    </Drawer>
  );
}
