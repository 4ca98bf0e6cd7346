/**
 * The order builder (`/cms/orders/create`): two rented e-bikes and a bought helmet shipped to Quebec
 * with a voucher; the totals shown are the server's `orders/price` answer for the same cart; saved as
 * a quote, reopened from it and placed as an order; and the same builder on a phone.
 */

import { formatAmount } from '../../../apps/web/src/components/money.ts';
import { builderIds } from '../../../apps/web/src/features/order-builder/testids.ts';
import { ordersIds } from '../../../apps/web/src/features/orders/testids.ts';
import type { OrderPrice } from '../../../packages/domain/src/order-details.ts';
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, MESSAGES, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

async function pickOption(page: Page, inputTestId: string, text: string, option: RegExp) {
  await page.getByTestId(inputTestId).fill(text);
  await page.getByRole('option', { name: option }).click();
}

/**
 * The totals' Net, Tax and Gross columns fit in their panel: the panel clips what overflows it, and the Gross
 * column was cut at its edge (380 px beside the cart, Debian's fonts).
 */
async function expectTotalsFit(page: Page) {
  const [table, panel] = await Promise.all([
    page.getByRole('table', { name: 'Order totals' }).boundingBox(),
    page.getByTestId(builderIds.totals).boundingBox(),
  ]);
  expect(table && panel && table.x + table.width <= panel.x + panel.width - 8).toBe(true);
}

/** Waits until the totals are the answer for the cart as it is now. */
async function settled(page: Page) {
  await expect(page.getByTestId(builderIds.totalsLoading)).toHaveCount(0);
}

test('staff build an order with rentals, a purchase, shipping and a voucher; quote it, then place it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/orders/create', 'Builder');
  const { api, cart } = await setUpOrderCatalog(page, company.id);
  await page.reload();
  await expect(page.getByTestId(builderIds.totals)).toContainText('Pick a customer');

  await pickOption(page, builderIds.customer, 'Camille', /Camille Roy/);
  await expect(page.getByTestId(builderIds.shippingAddress)).toContainText('Montréal');

  await pickOption(page, builderIds.productSearch, 'E-bike', /E-bike/);
  const bikeLine = page.getByTestId(builderIds.line(0));
  await expect(page.getByTestId(builderIds.lineVariant(0))).toHaveValue(String(cart.items[0]?.variant_id));
  await expect(bikeLine.getByRole('button', { name: 'Rent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bikeLine).toContainText('Product default: 12');
  await page.getByTestId(builderIds.lineQuantity(0)).fill('2');

  await pickOption(page, builderIds.productSearch, 'Helmet', /Helmet/);
  await expect(page.getByTestId(builderIds.line(1)).getByRole('button', { name: 'Buy' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.getByRole('radio', { name: /Courier/ }).check();
  await page.getByTestId(builderIds.voucher).fill('WELCOME10');
  await page.getByTestId(builderIds.voucherApply).click();
  await expect(page.getByTestId(builderIds.discount)).toContainText('WELCOME10');
  await settled(page);

  // What the builder shows is the server's answer for the same cart.
  const price = await callApi<OrderPrice>(page, 'POST', api('orders/price'), cart);
  const money = (value: string) => formatAmount(value, 'CAD');
  await expect(page.getByTestId(builderIds.total)).toContainText(money(price.total));
  await expect(page.getByTestId(builderIds.discount)).toContainText(money(price.discount));
  // One basis per column: items, shipping and the total each net, tax and gross.
  const amounts = {
    items: { net: price.items_net, tax: price.items_tax, gross: price.items_gross },
    shipping: {
      net: price.shipping?.net ?? '',
      tax: price.shipping?.tax ?? '',
      gross: price.shipping?.gross ?? '',
    },
    total: { net: price.net, tax: price.tax, gross: price.gross },
  };
  for (const [row, columns] of Object.entries(amounts))
    for (const [column, value] of Object.entries(columns))
      await expect(page.getByTestId(builderIds.amount(row, column))).toHaveText(money(value));
  await expect(page.getByTestId(builderIds.taxRate(0))).toContainText('14.975 %');
  await expect(page.getByTestId(builderIds.taxRate(0))).toContainText(
    money(price.tax_breakdown[0]?.tax ?? ''),
  );
  for (const [index, item] of price.items.entries()) {
    const line = page.getByTestId(builderIds.totalLine(index));
    await expect(line).toContainText(`Net ${money(item.net)}`);
    await expect(line).toContainText(`Tax ${money(item.tax)}`);
    await expect(line).toContainText(`Gross ${money(item.gross)}`);
  }
  // WELCOME10 applies to every payment: the monthly figure is the discounted one, and only that.
  await expect(page.getByTestId(builderIds.recurringCovered(0))).toContainText(
    `${money(price.recurring[0]?.discounted?.gross ?? '')} / month`,
  );
  await expect(page.getByTestId(builderIds.recurring(0))).toHaveCount(0);
  await expectTotalsFit(page);
  await screenshot(page, 'order-builder-01-cart');

  // An unknown voucher: the server's message on the field, the last totals stay.
  await page.getByTestId(builderIds.voucher).fill('NOPE99');
  await page.getByTestId(builderIds.voucherApply).click();
  await expect(page.getByTestId(builderIds.totalsError)).toContainText('No voucher has this code.');
  await expect(
    page.getByTestId(builderIds.voucher).locator('xpath=ancestor::div[contains(@class,"MuiTextField-root")]'),
  ).toContainText('No voucher has this code.');
  await expect(page.getByTestId(builderIds.total)).toContainText(money(price.total));
  await screenshot(page, 'order-builder-02-voucher-refused');
  await page.getByTestId(builderIds.voucher).fill('WELCOME10');
  await page.getByTestId(builderIds.voucherApply).click();
  await expect(page.getByTestId(builderIds.totalsError)).toHaveCount(0);
  await settled(page);

  // Save as quote: the quote's page.
  await page.getByTestId(builderIds.saveQuote).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderQuoteCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/orders\/drafts\/\d+$/);
  const draftId = page.url().split('/').pop();

  // The quote in the builder again, then placed: the quote becomes the order (no second order).
  await page.goto(`/cms/orders/create?draft=${draftId}`);
  await expect(page.getByTestId(builderIds.line(1))).toBeVisible();
  await settled(page);
  await expect(page.getByTestId(builderIds.total)).toContainText(money(price.total));
  await expect(page.getByTestId(builderIds.voucher)).toHaveValue('WELCOME10');
  await page.getByTestId(builderIds.placeOrder).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderFinalised })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cms/orders/${draftId}$`));

  // The order's page states the same amounts, one basis per column, at desktop and phone width.
  for (const [row, columns] of Object.entries(amounts))
    for (const [column, value] of Object.entries(columns))
      await expect(page.getByTestId(ordersIds.total(`${row}-${column}`))).toHaveText(money(value));
  await expect(page.getByTestId(ordersIds.total('discount'))).toContainText(money(price.discount));
  await screenshot(page, 'order-builder-07-order-amounts');
  await page.setViewportSize({ width: 390, height: 844 });
  // The three columns fit on the phone: the gross total is not cut off at the card's edge. Polled: the
  // phone's layout (no side drawer) is drawn once React has seen the new width, a moment after the resize.
  await expect
    .poll(async () => {
      const gross = await page.getByTestId(ordersIds.total('total-gross')).boundingBox();
      return gross !== null && gross.x + gross.width <= 390 - 16;
    })
    .toBe(true);
  await screenshot(page, 'order-builder-08-order-amounts-phone');

  // On a phone: a new order of a bought helmet; the lines stack and the totals come below them.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cms/orders/create');
  await pickOption(page, builderIds.customer, 'Camille', /Camille Roy/);
  await pickOption(page, builderIds.productSearch, 'E-bike', /E-bike/);
  await pickOption(page, builderIds.productSearch, 'Helmet', /Helmet/);
  await page.getByRole('radio', { name: /Courier/ }).check();
  await expect(page.getByTestId(builderIds.totalLine(1))).toContainText('Helmet');
  await settled(page);
  const lines = await page.getByTestId(builderIds.line(1)).boundingBox();
  const totals = await page.getByTestId(builderIds.totals).boundingBox();
  expect(totals && lines && totals.y > lines.y + lines.height).toBe(true);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectTotalsFit(page);
  await screenshot(page, 'order-builder-03-phone');
  await page.getByTestId(builderIds.placeOrder).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/orders\/\d+$/);
  expect(page.url()).not.toMatch(new RegExp(`/cms/orders/${draftId}$`));
});

test('staff find a product by its SKU and ship this order to another province: the tax follows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/orders/create', 'Builder gaps');
  const { api } = await setUpOrderCatalog(page, company.id);
  await page.reload();
  await pickOption(page, builderIds.customer, 'Camille', /Camille Roy/);
  await expect(page.getByTestId(builderIds.shippingAddress)).toContainText('Montréal');

  // By SKU: the variant's option names its product, variant and SKU; the line gets that variant.
  await page.getByTestId(builderIds.productSearch).fill('HLM-1');
  const option = page.getByRole('option', { name: /Helmet – One size/ });
  await expect(option).toContainText('SKU HLM-1');
  await screenshot(page, 'order-builder-04-sku-search');
  await option.click();
  await expect(page.getByTestId(builderIds.line(0))).toContainText('Helmet');
  await settled(page);
  await expect(page.getByTestId(builderIds.taxRate(0))).toContainText('14.975 %');

  // Shipped to Toronto for this order only: Ontario has no provincial rule here, so GST 5 % alone.
  await page.getByTestId(builderIds.addressEdit('shipping')).click();
  const dialog = page.getByTestId(builderIds.addressDialog);
  const input = (name: string) => dialog.locator(`input[name="address.${name}"]`);
  await input('street').fill('King Street West');
  await input('street_number').fill('100');
  await input('city').fill('Toronto');
  await input('postal_code').fill('M5V 2T6');
  await input('region').fill('ON');
  await page.getByRole('option', { name: /^Ontario/ }).click();
  await expect(input('region')).toHaveValue('Ontario');
  await screenshot(page, 'order-builder-05-address-dialog');
  await dialog.getByTestId(builderIds.addressSave).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(builderIds.shippingAddress)).toContainText('Toronto');
  await expect(page.getByTestId(builderIds.shippingAddress)).toContainText('This order only');
  await expect(page.getByTestId(builderIds.billingAddress)).toContainText('Montréal');
  await settled(page);
  await expect(page.getByTestId(builderIds.taxRate(0))).toContainText('5 %');
  await expect(page.getByTestId(builderIds.taxRate(0))).not.toContainText('14.975');
  await screenshot(page, 'order-builder-06-own-address');

  // Placed: the order keeps the Toronto address; the customer keeps Montréal.
  await page.getByTestId(builderIds.placeOrder).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.orderCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/orders\/\d+$/);
  const orderId = page.url().split('/').pop();
  const order = await callApi<{ shipping_address: { city: string }; billing_address: { city: string } }>(
    page,
    'GET',
    api(`orders/${orderId}`),
  );
  expect(order.shipping_address.city).toBe('Toronto');
  expect(order.billing_address.city).toBe('Montréal');
});
