import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const CompanyTemplatesPage = lazyPage(() =>
  import('./TemplatesPage.tsx').then((m) => m.CompanyTemplatesPage),
);
const DefaultTemplatesPage = lazyPage(() =>
  import('./TemplatesPage.tsx').then((m) => m.DefaultTemplatesPage),
);
const CompanyTemplateEditorPage = lazyPage(() =>
  import('./TemplateEditorPage.tsx').then((m) => m.CompanyTemplateEditorPage),
);
const DefaultTemplateEditorPage = lazyPage(() =>
  import('./TemplateEditorPage.tsx').then((m) => m.DefaultTemplateEditorPage),
);

/** Email templates (spec 01 §2): the company's, and the operators' defaults. */
export const templatesRoutes: AppRoute[] = [
  {
    path: '/cms/email-templates',
    meta: { name: 'cms-email-templates', title: 'Email Templates', auth: 'guest' },
    Component: CompanyTemplatesPage,
  },
  {
    path: '/cms/email-templates/:id/:lang/edit',
    meta: { name: 'cms-email-templates-id-lang-edit', title: 'Edit template', auth: 'guest' },
    Component: CompanyTemplateEditorPage,
  },
  {
    path: '/super/default-email-templates',
    meta: {
      name: 'super-default-email-templates',
      needsCompany: false,
      title: 'Default Email Templates',
      auth: 'super',
    },
    Component: DefaultTemplatesPage,
  },
  {
    path: '/super/default-email-templates/:id/:lang/edit',
    meta: {
      name: 'super-default-email-templates-id-lang-edit',
      needsCompany: false,
      title: 'Edit default template',
      auth: 'super',
    },
    Component: DefaultTemplateEditorPage,
  },
];
