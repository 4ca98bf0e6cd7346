/**
 * Returns (issue 26 part 2): a subscription ending with an e-bike out opens its return; the merchant finds
 * it in the returns list by the customer's name, receives it (condition on arrival), inspects it ("not
 * complete": the battery is missing), closes it to repair and finds the asset "to repair" with the return
 * on its page. A second unit's return is opened from its asset page with the parcel's tracking number and
 * closed as stolen. Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/returns-*.png.
 */

import type { Locator } from '@playwright/test';
import { assetsIds } from '../../../apps/web/src/features/assets/testids.ts';
import { returnsIds } from '../../../apps/web/src/features/returns/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  dataListIds,
  MESSAGES,
  pickFromMenu,
  screenshot,
  signInToOwnCompany,
  toasts,
  waitForList,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string, ready?: Locator) {
  await screenshot(page, `returns-${name}`);
  await page.setViewportSize(PHONE);
  if (ready) await expect(ready).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await screenshot(page, `returns-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant receives, inspects and closes a returned e-bike, and closes a lost one as stolen', async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/returns', 'Returns', 'EUR');
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const product = await callApi<{ variants: { id: number }[] }>(page, 'POST', api('products'), {
    name: 'City e-bike',
    rental_prices: { monthly: '59.00' },
    variants: [{ name: 'Large frame', sku: 'EBIKE-L', price: '2400.00' }],
  });
  const variant = product.variants[0]!.id;
  const customer = await callApi<{ id: number }>(page, 'POST', api('customers'), {
    name: 'Rosa Returner',
    email: `rosa-${company.id}@velo.test`,
  });
  /** A subscription of its own order holding the unit `serial`. */
  const rented = async (serial: string) => {
    const order = await callApi<{ subscription_ids: number[] }>(page, 'POST', api('orders/full'), {
      customer_id: customer.id,
      items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    });
    const asset = await callApi<{ id: number }>(page, 'POST', api('product-tracking'), {
      serial_number: serial,
      variant_id: variant,
    });
    const sub = order.subscription_ids[0]!;
    await callApi(page, 'POST', api(`subscriptions/${sub}/product-tracking`), { serial_number: serial });
    return { sub, asset: asset.id };
  };
  const first = await rented('EB-RET-0001');
  const second = await rented('EB-RET-0002');
  await callApi(page, 'POST', api(`subscriptions/${first.sub}/end`), { reason: 'Moving abroad' });
  await page.reload();

  // The end opened the return: found by the customer's name.
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await page.getByTestId(dataListIds.search).fill('rosa');
  const row = page.getByTestId(dataListIds.row).filter({ hasText: 'EB-RET-0001' });
  await expect(row).toContainText('Subscription ended');
  await bothWidths(page, '01-list');
  await row.getByTestId(dataListIds.rowLink).first().click();

  // Receive it.
  const detail = page.getByTestId(returnsIds.detailPage);
  await expect(detail.getByRole('heading', { name: /^Return #\d+$/ })).toBeVisible();
  await expect(page.getByTestId(returnsIds.status)).toHaveAttribute('data-status', 'pending');
  await page.getByTestId(returnsIds.action('receive')).click();
  const dialog = page.getByTestId(returnsIds.actionDialog);
  await expect(dialog.getByRole('heading', { name: 'Receive' })).toBeVisible();
  await page.getByTestId(returnsIds.input('condition_note')).fill('Scratched frame, muddy tyres');
  await bothWidths(page, '02-receive', page.getByTestId(returnsIds.input('condition_note')));
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.returnUpdated })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(returnsIds.status)).toHaveAttribute('data-status', 'received');
  await expect(page.getByTestId(returnsIds.field('condition_note'))).toContainText('Scratched frame');

  // Inspect: not complete, the battery is missing (asked for before anything is sent).
  await page.getByTestId(returnsIds.action('inspect')).click();
  await expect(dialog.getByRole('heading', { name: 'Inspect' })).toBeVisible();
  await page.getByTestId(returnsIds.input('complete')).click();
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(dialog.getByText(MESSAGES.required)).toBeVisible();
  await page.getByTestId(returnsIds.input('missing')).fill('Battery');
  await bothWidths(page, '03-inspect', page.getByTestId(returnsIds.input('missing')));
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(returnsIds.status)).toHaveAttribute('data-status', 'inspected');
  await expect(page.getByTestId(returnsIds.field('missing'))).toContainText('Battery');

  // Close: to repair.
  await page.getByTestId(returnsIds.action('close')).click();
  await expect(dialog.getByRole('heading', { name: 'Close the return' })).toBeVisible();
  await pickFromMenu(page, returnsIds.input('outcome'), page.getByRole('option', { name: /^To repair/ }));
  await page.getByTestId(returnsIds.input('note')).fill('New battery needed');
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(returnsIds.status)).toHaveAttribute('data-status', 'closed');
  await expect(page.getByTestId(returnsIds.field('outcome'))).toHaveAttribute('data-status', 'to repair');
  await expect(detail.getByText('Closed: nothing more to do.')).toBeVisible();
  await bothWidths(page, '04-closed', page.getByTestId(returnsIds.status));

  // The asset is to repair, with the return on its page.
  await page.getByTestId(returnsIds.field('serial_number')).getByRole('link').click();
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'to repair');
  await expect(page.getByTestId(assetsIds.historyRow).first()).toContainText('New battery needed');
  await expect(page.getByTestId(returnsIds.assetReturnRow)).toHaveCount(1);

  // The second unit: its return opened from its asset page, with the parcel's tracking number.
  await page.goto(`/cms/assets/${second.asset}`);
  await expect(page.getByTestId(assetsIds.status)).toHaveAttribute('data-status', 'rented out');
  await page.getByTestId(returnsIds.assetOpenReturn).click();
  await expect(dialog.getByRole('heading', { name: 'Open a return' })).toBeVisible();
  await page.getByTestId(returnsIds.input('carrier')).fill('DHL');
  await page.getByTestId(returnsIds.input('tracking_number')).fill('JD014600006281');
  await bothWidths(page, '05-open', page.getByTestId(returnsIds.input('carrier')));
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.returnCreated })).toBeVisible();
  await expect(page.getByTestId(returnsIds.status)).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId(returnsIds.field('tracking_number'))).toContainText('JD014600006281');

  // It never arrives: stolen or lost.
  await page.getByTestId(returnsIds.action('report_stolen')).click();
  await expect(dialog.getByRole('heading', { name: 'Stolen or lost' })).toBeVisible();
  await page.getByTestId(returnsIds.input('note')).fill('Parcel lost, customer unreachable');
  await page.getByTestId(returnsIds.actionConfirm).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(returnsIds.field('outcome'))).toHaveAttribute('data-status', 'stolen');
  await page.getByTestId(returnsIds.field('subscription')).getByRole('link').click();
  await expect(page.getByTestId(returnsIds.field('subscription-return'))).toContainText('Return #');
  await expect(page.locator('[data-status="lost/stolen"]').first()).toBeVisible();

  // The list by outcome.
  await page.goto('/cms/returns');
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(2);
  await choose(page, returnsIds.filter('outcome'), returnsIds.filterOption('outcome', 'stolen'));
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(dataListIds.row)).toContainText('EB-RET-0002');
  await bothWidths(page, '06-filtered');
});
