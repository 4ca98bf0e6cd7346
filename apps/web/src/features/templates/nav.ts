import MailOutlined from '@mui/icons-material/MailOutlined';
import type { Params } from 'react-router';
import type { RouteNavTable } from '../../app/route-meta.ts';

/** An edited template's breadcrumb: its id and language (`welcome (EN)`). */
const crumb = (params: Params) => `${params.id ?? ''} (${(params.lang ?? '').toUpperCase()})`;

/**
 * The drawer entries and breadcrumbs of this area's routes (`routes.tsx`), by route name: they load with
 * the admin layout, not with the entry every screen loads (docs/web.md, "Bundles").
 */
export const templatesNav: RouteNavTable = {
  'cms-email-templates': { icon: MailOutlined, pageType: 'index' },
  'cms-email-templates-id-lang-edit': { crumb },
  'super-default-email-templates': { icon: MailOutlined, pageType: 'index' },
  'super-default-email-templates-id-lang-edit': { crumb },
};
