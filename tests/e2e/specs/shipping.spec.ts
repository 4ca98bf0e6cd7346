import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  choose,
  confirmDialogIds,
  MESSAGES,
  screenshot,
  shippingIds,
  signInThroughApi,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const HOME = '/admin/settings?section=checkout_shipping';

test('an admin ships to two provinces with a free-shipping threshold, prices express by bands and blocks a region', async ({
  page,
}) => {
  // Five dialogs in one walk: on a busy 2-core machine it ran past the default bound (2.9 min seen).
  test.setTimeout(300_000);
  await signInToOwnCompany(page, 'admin', HOME, 'Shipping');
  const panel = page.getByTestId(shippingIds.panel);
  await expect(panel).toContainText('No shipping countries yet.');

  // A country limited to two provinces.
  await page.getByTestId(shippingIds.newCountry).click();
  const dialog = page.getByTestId(shippingIds.dialog);
  await page.getByTestId(shippingIds.field('country')).fill('ca');
  await page.getByTestId(shippingIds.option('country', 'ca')).click();
  await page.getByTestId(shippingIds.field('regions')).locator('..').click();
  await page.getByTestId(shippingIds.option('region', 'ON')).click();
  await page.getByTestId(shippingIds.option('region', 'QC')).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'shipping-01-country-dialog');
  await page.getByTestId(shippingIds.save).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(shippingIds.countryRow)).toContainText('ON, QC');

  // The same country again: the spec's failure and the server's message.
  await page.getByTestId(shippingIds.newCountry).click();
  await page.getByTestId(shippingIds.field('country')).fill('ca');
  await page.getByTestId(shippingIds.option('country', 'ca')).click();
  await page.getByTestId(shippingIds.save).click();
  await expect(toasts(page).filter({ hasText: `${MESSAGES.shippingCountryCreateFailed}: ` })).toBeVisible();
  await expect(dialog).toContainText('This country is already in the shipping countries.');
  await page.getByTestId(shippingIds.cancel).click();
  await page.getByTestId('discard-dialog-discard').click();
  await expect(dialog).toBeHidden();

  // A method with a free-shipping threshold.
  await page.getByTestId(shippingIds.newMethod).click();
  await choose(page, shippingIds.field('scope'), shippingIds.option('scope', 'ca'));
  await page.getByTestId(shippingIds.field('name')).fill('Standard');
  await page.getByTestId(shippingIds.field('carrier')).fill('Canada Post');
  await page.getByTestId(shippingIds.field('price')).fill('15');
  await page.getByTestId(shippingIds.field('free_shipping_threshold')).fill('150');
  await screenshot(page, 'shipping-02-method-dialog');
  await page.getByTestId(shippingIds.save).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(shippingIds.methodRow).filter({ hasText: 'Standard' });
  await expect(row).toContainText('CA$15.00');
  await expect(row).toContainText('CA$150.00');

  // Its price rule: bands by cart value.
  await row.getByRole('link', { name: 'Price rule of Standard' }).click();
  await page.getByTestId(shippingIds.field('price0')).fill('15');
  await page.getByTestId(shippingIds.field('from1')).fill('75');
  await page.getByTestId(shippingIds.field('price1')).fill('9');
  await screenshot(page, 'shipping-03-rule-dialog');
  await page.getByTestId(shippingIds.save).click();
  await expect(dialog).toBeHidden();

  // A standalone rule blocking a region.
  await page.getByTestId(shippingIds.newRule).click();
  await page.getByTestId(shippingIds.field('name')).fill('No deliveries to the territories');
  await page.getByTestId(shippingIds.field('regions')).fill('CA-NU, CA-NT, CA-YT');
  await screenshot(page, 'shipping-04-standalone-rule-dialog');
  await page.getByTestId(shippingIds.save).click();
  await expect(dialog).toBeHidden();
  const rule = page.getByTestId(shippingIds.ruleRow);
  await expect(rule).toContainText('CA-NU, CA-NT, CA-YT');
  await screenshot(page, 'shipping-05-panel');

  // Delete the rule.
  await rule.getByRole('button', { name: 'Delete No deliveries to the territories' }).click();
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: 'Shipping rule deleted.' })).toBeVisible();
  await expect(panel).toContainText('No standalone rules.');
});

test('the demo company shows its shipping, and a rule that cannot be read warns', async ({ page }) => {
  await signInThroughApi(page, USERS.northwindAdmin, HOME);
  await expect(page.getByTestId(shippingIds.countryRow)).toContainText('Canada');
  await expect(page.getByTestId(shippingIds.ruleRow)).toContainText('No e-bikes to the territories');
  await screenshot(page, 'shipping-06-demo');
  // Nothing wider than the window: the tables' visually hidden "Actions" headers once measured the
  // window's width (MUI's sx reads `width: 1` as 100%) and made this page twice as wide.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
  ).toBe(true);
  await page.route('**/shipping-rule', (route) =>
    route.fulfill({ status: 500, json: { status: false, message: 'Internal Server Error', data: null } }),
  );
  await page.getByRole('link', { name: 'Price rule of Express' }).click();
  await expect(page.getByTestId(shippingIds.ruleWarning)).toHaveText(MESSAGES.shippingRuleLoadFailed);
  await screenshot(page, 'shipping-07-rule-warning');
});
