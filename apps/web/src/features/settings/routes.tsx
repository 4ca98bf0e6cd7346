/**
 * The company settings (spec 01 §2 `/admin/settings`; admin level: owners, admins, operators) and the
 * platform's (`/super/settings`, "Settings Super": operators).
 */
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const SettingsPage = lazyPage(() => import('./SettingsPage.tsx').then((m) => m.SettingsPage));
const shipping = () => import('../shipping/ShippingDialogs.tsx');
const ShippingCountryDialog = lazyPage(() => shipping().then((m) => m.ShippingCountryDialog));
const ShippingMethodCreateDialog = lazyPage(() => shipping().then((m) => m.ShippingMethodCreateDialog));
const ShippingMethodEditDialog = lazyPage(() => shipping().then((m) => m.ShippingMethodEditDialog));
const ShippingMethodRuleDialog = lazyPage(() => shipping().then((m) => m.ShippingMethodRuleDialog));
const ShippingRuleDialog = lazyPage(() => shipping().then((m) => m.ShippingRuleDialog));
const SuperSettingsPage = lazyPage(() => import('./SuperSettingsPage.tsx').then((m) => m.SuperSettingsPage));

export const settingsRoutes: AppRoute[] = [
  {
    path: '/admin/settings',
    meta: { name: 'admin-settings', title: 'Settings', auth: 'admin' },
    Component: SettingsPage,
    // The shipping dialogs, over the Settings page's shipping section (spec 02: no routes of their own).
    children: [
      {
        path: '/admin/settings/shipping-countries/create',
        meta: {
          name: 'admin-settings-shipping-countries-create',
          title: 'New shipping country',
          auth: 'admin',
        },
        Component: ShippingCountryDialog,
      },
      {
        path: '/admin/settings/shipping-methods/create',
        meta: { name: 'admin-settings-shipping-methods-create', title: 'New shipping method', auth: 'admin' },
        Component: ShippingMethodCreateDialog,
      },
      {
        path: '/admin/settings/shipping-methods/:id/edit',
        meta: {
          name: 'admin-settings-shipping-methods-id-edit',
          title: 'Edit shipping method',
          auth: 'admin',
        },
        Component: ShippingMethodEditDialog,
      },
      {
        path: '/admin/settings/shipping-methods/:id/rule',
        meta: { name: 'admin-settings-shipping-methods-id-rule', title: 'Price rule', auth: 'admin' },
        Component: ShippingMethodRuleDialog,
      },
      {
        path: '/admin/settings/shipping-rules/create',
        meta: { name: 'admin-settings-shipping-rules-create', title: 'New shipping rule', auth: 'admin' },
        Component: ShippingRuleDialog,
      },
    ],
  },
  {
    path: '/super/settings',
    meta: { name: 'super-settings', title: 'Settings Super', auth: 'super' },
    Component: SuperSettingsPage,
  },
];
