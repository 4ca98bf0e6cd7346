/** Breadcrumbs from the path segments that match a known route (spec 01 §2 "Top app bar"). */
import NavigateNext from '@mui/icons-material/NavigateNext';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { matchRoutes, Link as RouterLink, useLocation } from 'react-router';
import { useCrumbLabels } from '../components/crumb-labels.ts';
import { routeNav } from '../route-nav.ts';
import { appRoutes } from '../routes.tsx';
import { flattenRoutes } from './route-meta.ts';
import { shellIds } from './testids.ts';

const flat = flattenRoutes(appRoutes);
const matchable = flat.map((route) => ({ path: route.path, meta: route.meta }));

export interface Crumb {
  path: string;
  title: string;
}

/** Every trail starts at Home: the company's (`/cms`), or the app's entry (`/`) outside it. */
const HOME: Crumb = { path: '/', title: 'Home' };

export function breadcrumbsFor(pathname: string, labels?: ReadonlyMap<string, string>): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs = segments.flatMap((_, i) => {
    const prefix = `/${segments.slice(0, i + 1).join('/')}`;
    const match = matchRoutes(matchable, prefix)?.at(-1);
    if (!match || match.pathname !== prefix) return [];
    const { meta } = match.route;
    // A page's own label (the record's name) wins over the route's ("Customer 520").
    return [
      { path: prefix, title: labels?.get(prefix) ?? routeNav(meta.name).crumb?.(match.params) ?? meta.title },
    ];
  });
  if (crumbs.length === 0 || crumbs[0]?.title === HOME.title) return crumbs;
  return [HOME, ...crumbs];
}

export function Breadcrumbs({ inverted = false }: { inverted?: boolean }) {
  const { pathname } = useLocation();
  const labels = useCrumbLabels();
  const crumbs = useMemo(() => breadcrumbsFor(pathname, labels), [pathname, labels]);
  if (crumbs.length === 0) return null;
  return (
    <MuiBreadcrumbs
      aria-label="Breadcrumbs"
      separator={<NavigateNext fontSize="small" />}
      data-testid={shellIds.breadcrumbs}
      sx={{ color: inverted ? 'inherit' : 'text.secondary', minWidth: 0 }}
    >
      {crumbs.map((crumb, i) =>
        i === crumbs.length - 1 ? (
          <Typography
            key={crumb.path}
            color={inverted ? 'inherit' : 'text.primary'}
            variant="body2"
            sx={{ fontWeight: 600 }}
            noWrap
          >
            {crumb.title}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component={RouterLink}
            to={crumb.path}
            underline="hover"
            color="inherit"
            variant="body2"
          >
            {crumb.title}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
