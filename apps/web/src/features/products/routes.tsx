/**
 * The products area (spec 01 §2: `/cms/products`, `/cms/products/{id}`): the catalog and, as tabs of
 * the same area, bundles, collections, tax, availability settings and the shop connection. Reading is
 * for all staff; creating and changing is for owners and admins (the API's rule), and so are the
 * routes that only change things.
 */
import { lazyPage } from '../../app/lazy.ts';
import type { AppRoute } from '../../app/route-meta.ts';

const ProductsPage = lazyPage(() => import('./ProductsPage.tsx').then((m) => m.ProductsPage));
const ProductCreateDialog = lazyPage(() => import('./ProductDialogs.tsx').then((m) => m.ProductCreateDialog));
const ProductEditDialog = lazyPage(() => import('./ProductDialogs.tsx').then((m) => m.ProductEditDialog));
const VariantCreateDialog = lazyPage(() =>
  import('./VariantCreateDialog.tsx').then((m) => m.VariantCreateDialog),
);
const ProductDetailPage = lazyPage(() => import('./ProductDetailPage.tsx').then((m) => m.ProductDetailPage));
const BuyoutPricesPage = lazyPage(() => import('./BuyoutPricesPage.tsx').then((m) => m.BuyoutPricesPage));
const BundlesPage = lazyPage(() => import('./BundlesPage.tsx').then((m) => m.BundlesPage));
const BundleCreateDialog = lazyPage(() => import('./BundleDialogs.tsx').then((m) => m.BundleCreateDialog));
const BundleEditDialog = lazyPage(() => import('./BundleDialogs.tsx').then((m) => m.BundleEditDialog));
const BundleDetailPage = lazyPage(() => import('./BundleDetailPage.tsx').then((m) => m.BundleDetailPage));
const CollectionsPage = lazyPage(() => import('./CollectionsPage.tsx').then((m) => m.CollectionsPage));
const CollectionCreateDialog = lazyPage(() =>
  import('./CollectionDialogs.tsx').then((m) => m.CollectionCreateDialog),
);
const CollectionEditDialog = lazyPage(() =>
  import('./CollectionDialogs.tsx').then((m) => m.CollectionEditDialog),
);
const TaxPage = lazyPage(() => import('./TaxPage.tsx').then((m) => m.TaxPage));
const TaxRuleCreateDialog = lazyPage(() => import('./TaxRuleDialogs.tsx').then((m) => m.TaxRuleCreateDialog));
const TaxRuleEditDialog = lazyPage(() => import('./TaxRuleDialogs.tsx').then((m) => m.TaxRuleEditDialog));
const AvailabilityPage = lazyPage(() => import('./AvailabilityPage.tsx').then((m) => m.AvailabilityPage));
const AvailabilityCreateDialog = lazyPage(() =>
  import('./AvailabilityDialogs.tsx').then((m) => m.AvailabilityCreateDialog),
);
const AvailabilityEditDialog = lazyPage(() =>
  import('./AvailabilityDialogs.tsx').then((m) => m.AvailabilityEditDialog),
);
const ShopConnectionPage = lazyPage(() =>
  import('./ShopConnectionPage.tsx').then((m) => m.ShopConnectionPage),
);

export const productsRoutes: AppRoute[] = [
  {
    path: '/cms/products',
    meta: { name: 'cms-products', title: 'Products', auth: 'guest' },
    Component: ProductsPage,
    children: [
      {
        path: '/cms/products/create',
        meta: { name: 'cms-products-create', title: 'New product', auth: 'admin' },
        Component: ProductCreateDialog,
      },
    ],
  },
  {
    path: '/cms/products/buyout-prices',
    meta: { name: 'cms-products-buyout-prices', title: 'Buyout prices', auth: 'admin' },
    Component: BuyoutPricesPage,
  },
  {
    path: '/cms/products/bundles',
    meta: { name: 'cms-products-bundles', title: 'Bundles', auth: 'guest' },
    Component: BundlesPage,
    children: [
      {
        path: '/cms/products/bundles/create',
        meta: { name: 'cms-products-bundles-create', title: 'New bundle', auth: 'admin' },
        Component: BundleCreateDialog,
      },
    ],
  },
  {
    path: '/cms/products/bundles/:bundleId',
    meta: { name: 'cms-products-bundles-id', title: 'Bundle', auth: 'guest' },
    Component: BundleDetailPage,
    children: [
      {
        path: '/cms/products/bundles/:bundleId/edit',
        meta: { name: 'cms-products-bundles-id-edit', title: 'Edit', auth: 'admin' },
        Component: BundleEditDialog,
      },
    ],
  },
  {
    path: '/cms/products/collections',
    meta: { name: 'cms-products-collections', title: 'Collections', auth: 'guest' },
    Component: CollectionsPage,
    children: [
      {
        path: '/cms/products/collections/create',
        meta: { name: 'cms-products-collections-create', title: 'New collection', auth: 'admin' },
        Component: CollectionCreateDialog,
      },
      {
        path: '/cms/products/collections/:collectionId',
        meta: { name: 'cms-products-collections-id', title: 'Collection', auth: 'admin' },
        Component: CollectionEditDialog,
      },
    ],
  },
  {
    path: '/cms/products/tax',
    meta: { name: 'cms-products-tax', title: 'Tax', auth: 'guest' },
    Component: TaxPage,
    children: [
      {
        path: '/cms/products/tax/create',
        meta: { name: 'cms-products-tax-create', title: 'New tax rule', auth: 'admin' },
        Component: TaxRuleCreateDialog,
      },
      {
        path: '/cms/products/tax/:ruleId',
        meta: { name: 'cms-products-tax-id', title: 'Tax rule', auth: 'admin' },
        Component: TaxRuleEditDialog,
      },
    ],
  },
  {
    path: '/cms/products/availability',
    meta: { name: 'cms-products-availability', title: 'Availability', auth: 'guest' },
    Component: AvailabilityPage,
    children: [
      {
        path: '/cms/products/availability/create',
        meta: { name: 'cms-products-availability-create', title: 'New availability settings', auth: 'admin' },
        Component: AvailabilityCreateDialog,
      },
      {
        path: '/cms/products/availability/:sku',
        meta: { name: 'cms-products-availability-sku', title: 'Availability settings', auth: 'admin' },
        Component: AvailabilityEditDialog,
      },
    ],
  },
  {
    path: '/cms/products/shop',
    meta: { name: 'cms-products-shop', title: 'Shop connection', auth: 'admin' },
    Component: ShopConnectionPage,
  },
  {
    path: '/cms/products/:id',
    meta: { name: 'cms-products-id', title: 'Product', auth: 'guest' },
    Component: ProductDetailPage,
    children: [
      {
        path: '/cms/products/:id/edit',
        meta: { name: 'cms-products-id-edit', title: 'Edit', auth: 'admin' },
        Component: ProductEditDialog,
      },
      {
        path: '/cms/products/:id/variants/create',
        meta: { name: 'cms-products-id-variants-create', title: 'New variant', auth: 'admin' },
        Component: VariantCreateDialog,
      },
    ],
  },
];
