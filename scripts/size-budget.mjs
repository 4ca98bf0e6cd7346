#!/usr/bin/env node
/**
 * The web app's size budget (docs/performance.md, "First load"): the JavaScript a screen needs before it
 * can show anything. The target is 200 kB gzip per screen: on a phone every kilobyte of script is
 * download, parse and run time before the first paint (Lighthouse mobile simulates a 4x slower CPU).
 *
 *   node scripts/size-budget.mjs                builds the web app into a temporary folder and checks it
 *   node scripts/size-budget.mjs --dist DIR     checks an existing build (DIR/.vite/manifest.json)
 *   SIZE_BUDGET_KB=200 node scripts/size-budget.mjs   one budget for every screen (the target; or a
 *                                               tiny one, to see the check fail)
 *
 * A screen's initial JavaScript is what the browser must load to render it, read from Vite's manifest:
 * the entry chunk and every chunk it imports statically, plus the lazy chunks the screen renders on
 * first load (its layout when that is lazy, its page) and their static imports; each file counted once,
 * gzip level 9 as the server sends it (brotli, which browsers get, is ~12% smaller). Dynamic imports
 * further down (a dialog, the tooltips, the toasts) are not initial and not counted. It builds into a
 * temporary folder so it never touches apps/web/dist, which a running server may be serving.
 *
 * Exits 1 when a screen is over its budget, or a module listed below is no longer in the manifest (a
 * renamed page must not silently pass). A screen still above the 200 kB target has, as its budget, the
 * size it has today rounded up (a ratchet: it may shrink, not grow); lower it when the screen shrinks.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
/** The target for every screen, in bytes (kB = 1,000 bytes, as Vite prints them). */
const TARGET = 200_000;
const override = process.env.SIZE_BUDGET_KB ? Number(process.env.SIZE_BUDGET_KB) * 1000 : undefined;

/**
 * The screens checked: the lazy modules each renders on first load (manifest keys, from apps/web) and
 * its budget in kB where it is still above the target, with why.
 */
export const SCREENS = [
  {
    name: 'sign-in /auth/login',
    lazy: ['src/features/auth/LoginPage.tsx'],
    // React, React Router, MUI and TanStack Query alone are ~175 kB; the page's form adds zod (~26 kB)
    // and react-hook-form (~15 kB). Built alone, with nothing of the app, it is 220 kB. 262 -> 263: the skip
    // link, the focus move after navigating and the unsaved-changes guard in the router's root (issue 11).
    // 263 -> 264: the return to a deep link after sign-in, the form kit's quiet-while-empty check.
    // 264 -> 265: the settings routes in the route table (issue 12). 265 -> 266: the notifications' two
    // routes (icon, lazy pages), the bell's lazy slot in the app bar and their texts in the catalogue (issue 12).
    // 266 -> 268: the vouchers' and shipping dialogs' routes and texts (issue 13), the templates' routes (issue 12).
    // 268 -> 269: the orders' six routes (icon, lazy pages) in the route table.
    // 269 -> 270: the order builder's and the subscriptions' routes and icon with the orders' (269.1 measured).
    // 270 -> 272: the action dialogs' host in the admin layout (web issue 23) and billing's three routes
    // and icons in the route table (271.2 measured).
    // 272 -> 273: the refunds' texts in the message catalogue (issue 24 part 2; 272.3 measured).
    // 273 -> 274: the cancellation and replacement screens' routes and texts merged with the refunds' (issue 24; 272.8 measured).
    // 274 -> 275: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 274.1 measured).
    // 275 -> 276: the returns' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 2; 275.0 measured).
    // 276 -> 277: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 278 -> 274 (issue 29 item 6): the drawer's and breadcrumbs' route meta and icons left the entry for the admin layout (src/route-nav.ts); 273.4 measured.
    // 274 -> 264 (issue 29 item 6): MUI's Tooltip and Popper left the entry; the help menu loads them late (HelpMenu.tsx) and the admin layout with its own; 263.6 measured.
    // 264 -> the 200 kB target (decision 101): the form without zod and react-hook-form (a zod-free check that
    // agrees with loginSchema), its fields without MUI's TextField (components/PlainTextField.tsx); and MUI's
    // menus, popover and modal load when first opened (lazy-popups.tsx); 193.9 measured.
  },
  {
    name: 'customers list /cms/customers',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/customers/CustomersPage.tsx'],
    // The admin shell (drawer, app bar, switchers) and the list on the same libraries as sign-in.
    // 245 -> 255: the list kit (row links, page-size choice, selection bar, sort marks), the archived
    // switch and the guard above (issue 11); the cards and the CSV download load only when used.
    // 255 -> 256: the refusal toast and the return-to-target of the route guard; the global search's
    // button and dialog load after the screen (issue 11). 256 -> 258: the feature flags the drawer reads
    // (a query every 300 s) and the settings routes (issue 12). 258 -> 259: the Cron Manager's route and
    // drawer entry, and the notes' and crons' texts in the message catalogue (issue 12). 259 -> 260: the
    // notifications' routes and drawer entry, the bell's lazy slot (its menu loads after the screen) (issue 12);
    // the vouchers' routes and drawer entry, and their texts (issue 13).
    // 260 -> 262: the templates' routes and icon (issue 12), with the notifications' and vouchers' (above).
    // 262 -> 264: the orders' routes and drawer entry; the order dialogs' checkbox splits SwitchBase out of
    // the Switch chunk, and the order pages' address lines split country-name out (a few hundred bytes each).
    // 264 -> 265: the order builder's and the subscriptions' routes and icon with the orders' (264.3 measured).
    // 265 -> 268: the action dialogs' host in the admin layout (web issue 23) and billing's three routes
    // and icons in the route table (267.2 measured). 268 -> 269: the invoice downloads' route (the mailed
    // link's page) in the route table (issue 23; 268.2 measured).
    // 269 -> 270: the cancellation and replacement screens' routes and texts merged with the refunds' (issue 24; 269.1 measured).
    // 270 -> 271: the repair questionnaire's route (the help menu's icon, no new one) and its three spec texts in
    // the catalogue (issue 26 part 4), and the postal code and region messages in the catalogue (issue 25 item 4);
    // 270.2 measured with both merged.
    // and the spec's page, dialog and mail words in the catalogue and the shared test ids, the
    // error page's status line (issue 25 items 3 and 9; 270.1 measured).
    // 271 -> 272: stop 35's merges together (issue 25 items 3, 4 and 9; issue 26 parts 1 and 4: the assets'
    // and the repair questionnaire's routes and texts, the spec's words, the postal code messages; 271.2 measured).
    // 272 -> 273: stop 36's merges together (the returns' and repairs' routes in the route table; 272.2 measured).
    // 273 -> 274: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 275 -> 278: the list's "Created from/to" date filters (the invoices list's DateFilter, for Insights' drill-down
    // from new customers; issue 28, 277.0 measured) and stop 40's other merges.
    // 278 -> 279: the theme's reduced motion (prefers-reduced-motion, decision 92; 278.1 measured).
    // 279 -> 274 (issue 29 item 6): the message catalogue left the entry (domain/shell-messages.ts), the route meta moved to the admin layout; 273.0 measured.
    // 274 -> 250 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 249.2 measured.
    // 250 -> 248 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 249.4 -> 247.9 measured.
    budgetKb: 248,
  },
  {
    name: 'products list /cms/products',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/products/ProductsPage.tsx'],
    // The page reaches domain/catalog.ts (through amounts.ts and the status list), which reaches
    // countries.ts and its country names in 29 languages (~57 kB gzip). 354 -> 364: as the customers list.
    // 364 -> 366 -> 367 -> 368: as the customers list (issue 12). 368 -> 370: as the customers list and the
    // shipping dialogs' routes (issue 13), and the templates' routes (issue 12).
    // 371 -> 373: as the customers list (the orders' routes, the chunk splits).
    // 373 -> 374: the subscriptions' lazy Import dialog shares MUI modules this page loads first (the
    // progress bar, the table parts), which now sit in a chunk of their own (373.3 measured, 58 files).
    // 374 -> 377: the action dialogs' host in the admin layout (web issue 23) and billing's three routes
    // and icons in the route table (376.4 measured).
    // 377 -> 378: with the billing screens' routes and the amounts grid merged (377.0 measured).
    // 378 -> 379: the refunds' texts in the message catalogue (issue 24 part 2; 378.3 measured).
    // 379 -> 380: the cancellation and replacement screens' routes and texts merged with the refunds' (issue 24; 379.0 measured).
    // 380 -> 381: the repair questionnaire's route and texts (issue 26 part 4) with the postal code and region
    // messages and the country picker (issue 25 item 4) merged (380.1 measured).
    // 381 -> 382: stop 35's merges together (issue 25 items 3, 4 and 9; issue 26 parts 1 and 4: the assets'
    // and the repair questionnaire's routes and texts, the spec's words, the postal code messages; 381.1 measured).
    // 382 -> 383: stop 36's merges together (the returns' and repairs' routes in the route table; 382.0 measured).
    // 383 -> 384: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 385 -> 386: the lists' sticky first column (DataListTable: the assets' serial stays in view; 385.0 measured, over by rounding).
    // 386 -> 286 (issue 29 item 6): the list's labels and statuses without the product form and catalog.ts's country tables (product-labels.ts, domain/product-kinds.ts); 285.8 measured.
    // 286 -> 287: MUI's tooltip and menus two files of their own (vite.config.ts), not in the entry: +0.4 kB here for 9.8 kB less on sign-in (286.2 measured).
    // 287 -> 266 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 265.4 measured.
    // 266 -> 260: the area's tabs are links in a nav (components/LinkTabs.tsx), not MUI's Tabs (-5.6 kB); 259.8 measured.
    // 260 -> 259 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 259.8 -> 258.3 measured.
    budgetKb: 259,
  },
  {
    name: 'orders list /cms/orders',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/orders/OrdersPage.tsx'],
    // As the customers list, with the filters, the tabs and the status chips; zod-free (order-format.ts keeps
    // enums.ts and money.ts, whose chunks import the schemas, out: they added 30 kB); the bulk dialog is lazy.
    // 269.4 kB measured with every order and subscription route in the table.
    // 270 -> 273: the action dialogs' host in the admin layout (web issue 23) and billing's three routes
    // and icons in the route table (272.8 measured).
    // 273 -> 274: the orders' Net/Tax/Gross grid code shared in the route table's chunk (273.2 measured).
    // 274 -> 275: the invoice corrections' routes and texts (issue 24; 274.3 measured).
    // 275 -> 276: the payment chip's "owes nothing" rule (domain order-payment.ts) and the customer page's
    // support-desk routes in the route table (issue 25 item 1; 275.2 measured).
    // 276 -> 277 (issue 25 item 6, measured orders 276.2 kB): the one DateField (typed date read on leave, the format as placeholder) and the list's lazy phone Filters button.
    // 277 -> 278: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 277.3 measured).
    // 278 -> 279: the repairs' routes (icon, lazy pages) in the route table (issue 26 part 3; 278.3 measured).
    // 278 -> 279: the returns' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 2; 278.4 measured).
    // 279 -> 280: stop 37's merges together (the webhooks' and the asset import's texts in the catalogue, the
    // asset import's route; 279.0 measured).
    // 280 -> 281: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 282 -> 283: the theme's reduced motion (prefers-reduced-motion, decision 92; 282.2 measured).
    // 283 -> 278 (issue 29 item 6): the message catalogue left the entry (domain/shell-messages.ts), the route meta moved to the admin layout; 277.1 measured.
    // 278 -> 257 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 256.8 measured.
    // 257 -> 252: the order lists' tabs are links in a nav (components/LinkTabs.tsx), not MUI's Tabs (-5.6 kB); 251.3 measured.
    // 252 -> 250 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 251.3 -> 249.7 measured.
    budgetKb: 250,
  },
  {
    name: 'subscriptions list /cms/subscriptions',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/subscriptions/SubscriptionsPage.tsx'],
    // As the customers list, plus the amounts. The bulk dialog loads when opened. 290 -> 291: the header's
    // Import button (admins: the company's flags) and the lazy slot of its dialog (290.2 measured).
    // 291 -> 263: amounts shown with components/money.ts, which is zod-free, where domain/money.ts reached
    // currencies.ts -> companies.ts -> api.ts (~26 kB) (262.2 measured, with the action dialogs' host).
    // 263 -> 265: with the billing routes and the amounts grid merged (264.2 measured).
    // 265 -> 266: the refunds' texts in the message catalogue (issue 24 part 2; 265.1 measured).
    // 266 -> 267: the one-time payment, buyout and cumulated-invoice texts in the message catalogue (issue 24
    // parts 3-6; 266.0 measured).
    // 267 -> 270 (issue 25 item 6, measured subscriptions 269.1 kB; its next-billing filters are now the shared DateFilter instead of a bare type=date input): the one DateField (typed date read on leave, the format as placeholder) and the list's lazy phone Filters button.
    // 270 -> 271: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 270.2 measured).
    // 271 -> 272: the repairs' routes (icon, lazy pages) in the route table (issue 26 part 3; 271.0 measured).
    // 271 -> 272: the returns' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 2; 271.1 measured).
    // 272 -> 273: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // 273 -> 274: the data export's routes and icon in the route table (issue 27 part 3; 273.0 measured).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 274 -> 275: the subscription record's replacement kind (decision 88) and the debt hand-over's and returned
    // debits' texts in the catalogue (issues 26, 27, 23; 274.0 measured, a few bytes over).
    // 275 -> 270 (issue 29 item 6): the message catalogue left the entry (domain/shell-messages.ts), the route meta moved to the admin layout; 269.4 measured.
    // 270 -> 249 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 248.7 measured.
    // 249 -> 248 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 248.9 -> 247.2 measured.
    budgetKb: 248,
  },
  {
    name: 'invoices list /cms/invoices',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/invoices/InvoicesPage.tsx'],
    // As the orders list; zod-free (invoice-format.ts checks its option lists against the domain's types).
    // 266.7 kB measured; 268 with the orders' amounts grid merged (267.1 measured). 268 -> 269: the
    // invoice downloads' route and the selection's "Download PDFs" button (issue 23; 268.1 measured).
    // 269 -> 270: the cancellation and replacement screens' routes and texts merged with the refunds' (issue 24; 269.3 measured).
    // 270 -> 271 (issue 25 item 6, measured invoices 270.6 / recurring 270.4 kB): the one DateField (typed date read on leave, the format as placeholder) and the list's lazy phone Filters button.
    // 271 -> 272: the repair questionnaire's route and its three spec texts (issue 26 part 4; 271.0 measured, 270.8 before).
    // and the spec's page, dialog and mail words (issue 25 items 3 and 9; 271.0 measured).
    // 272 -> 273: stop 35's merges together (issue 25 items 3, 4 and 9; issue 26 parts 1 and 4: the assets'
    // and the repair questionnaire's routes and texts, the spec's words, the postal code messages; 272.1 measured).
    // 273 -> 274: stop 36's merges together (the returns' and repairs' routes in the route table; 273.1 measured).
    // 274 -> 275: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 276 -> 271 (issue 29 item 6): the message catalogue left the entry and the ZIP dialog's spec loads when opened; 270.8 measured.
    // 271 -> 272: as the products list's, the tooltip and menus in two files of their own (271.1 measured).
    // 272 -> 250 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 249.7 measured.
    // 250 -> 249 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 249.9 -> 248.4 measured.
    budgetKb: 249,
  },
  {
    name: 'payments list /cms/transactions',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/transactions/TransactionsPage.tsx'],
    // As the invoices list (268.1 kB measured).
    // 269 -> 270: the refunds' texts in the message catalogue (issue 24 part 2; 269.1 measured).
    // 270 -> 271: the one-time payment, buyout and cumulated-invoice texts in the message catalogue (issue 24
    // parts 3-6; 270.0 measured).
    // 271 -> 272 (issue 25 item 6, measured payments 271.2 kB): the one DateField (typed date read on leave, the format as placeholder) and the list's lazy phone Filters button.
    // 272 -> 273: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 272.3 measured).
    // 273 -> 274: the repairs' routes (icon, lazy pages) in the route table (issue 26 part 3; 273.2 measured).
    // 273 -> 274: the returns' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 2; 273.2 measured).
    // 274 -> 275: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // 275 -> 276: the data export's routes and icon in the route table (issue 27 part 3; 275.1 measured).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 276 -> 277: the lists' sticky first column (DataListTable: the assets' serial stays in view; 276.4 measured).
    // 277 -> 272 (issue 29 item 6): the message catalogue left the entry (domain/shell-messages.ts), the route meta moved to the admin layout; 271.4 measured.
    // 272 -> 251 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 250.4 measured.
    // 251 -> 250 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 250.5 -> 249.0 measured.
    budgetKb: 250,
  },
  {
    name: 'recurring payments list /cms/recurring-payments',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/recurring-payments/RecurringPaymentsPage.tsx'],
    // As the invoices list; the charge dialog itself loads when opened (267.3 kB measured). 268 -> 269:
    // the invoice downloads' route in the route table (issue 23; 268.2 measured).
    // 269 -> 270: the cancellation and replacement screens' routes and texts merged with the refunds' (issue 24; 269.1 measured).
    // 270 -> 271 (issue 25 item 6, measured invoices 270.6 / recurring 270.4 kB): the one DateField (typed date read on leave, the format as placeholder) and the list's lazy phone Filters button.
    // 271 -> 272: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 271.5 measured).
    // 272 -> 273: the repairs' routes (icon, lazy pages) in the route table (issue 26 part 3; 272.4 measured).
    // 272 -> 273: the returns' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 2; 272.4 measured).
    // 273 -> 274: stop 37's merges together (the webhooks' and the asset import's texts in the catalogue;
    // 273.0 measured).
    // 274 -> 275: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 276 -> 271 (issue 29 item 6): the message catalogue left the entry (domain/shell-messages.ts), the route meta moved to the admin layout; 270.6 measured.
    // 271 -> 250 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 249.5 measured.
    // 250 -> 249 (issue 29 item 6): MUI's small helpers in one file, not a dozen (mui-helpers, vite.config.ts); 249.6 -> 248.2 measured.
    budgetKb: 249,
  },
  {
    name: 'order builder /cms/orders/create',
    lazy: ['src/app/layouts/AdminLayout.tsx', 'src/features/order-builder/OrderBuilderPage.tsx'],
    // The autocomplete pickers and the catalog's amounts (products/amounts.ts: the country tables), as the
    // products list. 365.4 kB measured with the orders' routes in the table. 366 -> 368: the variants'
    // search by SKU in the product picker and the address cards' own-address buttons (367.0 measured);
    // the address form itself loads when opened.
    // 368 -> 370: the action dialogs' host in the admin layout (web issue 23) and billing's three routes
    // and icons in the route table (369.7 measured).
    // 370 -> 374: the Net/Tax/Gross amounts grid and the recurring rows with a voucher's payments (issue 23,
    // order amounts; 373.7 measured). 374 -> 375: the invoice downloads' route in the route table
    // (issue 23; 374.2 measured).
    // 375 -> 376: the refunds' texts in the message catalogue (issue 24 part 2; 375.1 measured).
    // 376 -> 377: ?customer= preselection and the picker's label fix (issue 25 item 1; 376.0 measured),
    // with the shared validation of issue 25 item 8 (business dates, same-site link paths, the template
    // styles' and credit check's texts; 376.1 measured with both).
    // And the subscription record's end reason code and scheduled end (its schema is in the route table's
    // shared chunk; issue 25 item 5): 376.9 measured with all three, under 377 kB. 377 -> 378: the one
    // DateField and the phone's lazy Filters slot in the shared list chunk (issue 25 item 6; 377.0 measured).
    // 378 -> 379: the assets' routes (icon, lazy pages) in the route table and their texts in the catalogue (issue 26 part 1; 378.0 measured).
    // 379 -> 380: stop 35's merges together (issue 25 items 3, 4 and 9; issue 26 parts 1 and 4: the assets'
    // and the repair questionnaire's routes and texts, the spec's words, the postal code messages; 379.3 measured).
    // 380 -> 381: stop 36's merges together (the returns' and repairs' routes in the route table; 380.2 measured).
    // 381 -> 382: stop 38's merges together (the webhooks' routes and icon in the route table, the Insights graphs' lazy
    // chunks in the preload lists, the debt collection settings' fields; measured over by 0.2-0.8 kB).
    // +1: the debt collection routes, icon and texts in the route table and catalogue (issue 27 part 4; +0.1-0.3 measured).
    // 383 -> 322 (issue 29 item 6): percentages read without catalog.ts and its country tables (domain/percent.ts); 321.4 measured.
    // 322 -> 302 (issue 29 item 6): MUI's menus, popover, modal and Tooltip/Popper load when first opened or pointed at (lazy-popups.tsx, LazyTooltip.tsx), and the admin shell is two files, not ~70 (shellGroups, vite.config.ts); 301.1 measured.
    // 302 -> 272 (issue 29 item 6): the totals show rates with components/percent-text.ts, which is zod-free, where
    // components/amounts.ts brought zod (26 kB); and MUI's small helpers in one file (mui-helpers, vite.config.ts); 271.6 measured.
    budgetKb: 272,
  },
];

/** Every file a screen loads first: the entry's and its lazy modules' static import closure. */
export function initialFiles(manifest, lazy) {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: update SCREENS in scripts/size-budget.mjs`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entries[0][0]);
  for (const key of lazy) visit(key);
  return [...files];
}

function main() {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  let dist = distAt >= 0 ? resolve(args[distAt + 1] ?? '') : '';
  let temporary = '';
  if (!dist) {
    temporary = mkdtempSync(join(tmpdir(), 'rentloop-size-'));
    dist = temporary;
    const r = spawnSync(
      'npx',
      ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
      // The precompressed copies are not needed to measure: skip that work here.
      { cwd: join(root, 'apps/web'), stdio: 'inherit', env: { ...process.env, WEB_PRECOMPRESS: 'off' } },
    );
    if (r.status !== 0) {
      rmSync(temporary, { recursive: true, force: true });
      console.error('size budget: the web app did not build');
      process.exit(1);
    }
  }
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`size budget: no ${manifestPath} (is build.manifest on in apps/web/vite.config.ts?)`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  let failed = false;
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  console.log(`initial JavaScript per screen, gzip (target ${kb(TARGET)}):`);
  for (const screen of SCREENS) {
    let raw = 0;
    let gzip = 0;
    let files = [];
    try {
      files = initialFiles(manifest, screen.lazy);
    } catch (error) {
      console.error(`  ${screen.name}: ${error instanceof Error ? error.message : error}`);
      failed = true;
      continue;
    }
    for (const file of files) {
      const content = readFileSync(join(dist, file));
      raw += content.length;
      gzip += gzipSync(content, { level: 9 }).length;
    }
    const budget = override ?? (screen.budgetKb ? screen.budgetKb * 1000 : TARGET);
    const over = gzip > budget;
    failed ||= over;
    const target = gzip > TARGET ? `, ${kb(gzip - TARGET)} above the target` : '';
    console.log(
      `  ${over ? 'OVER' : 'ok  '} ${screen.name.padEnd(32)} ${kb(gzip).padStart(9)} gzip` +
        `  ${kb(raw).padStart(9)} raw  ${String(files.length).padStart(2)} files` +
        `  (budget ${kb(budget)}${target})`,
    );
  }
  if (temporary) rmSync(temporary, { recursive: true, force: true });
  if (failed) {
    console.error('size budget exceeded: see docs/performance.md, "First load", for how the bundle is split');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) main();
