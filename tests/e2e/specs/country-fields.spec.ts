/**
 * Issue 25 item 4, the country fields: the country picker is searched by name or code, on a phone too,
 * and a settings list of countries takes several; the invoice settings name the legal fields as the
 * company's country does (GST/HST and QST numbers for a Quebec company, HST only for Ontario).
 */

import { fileURLToPath } from 'node:url';
import { expect, test } from '../fixtures.ts';
import { MESSAGES, screenshot, settingsIds, shippingIds, signInToOwnCompany, toasts } from '../helpers.ts';

const DESKTOP = { width: 1440, height: 1700 };
const PHONE = { width: 390, height: 844 };
test.use({ viewport: DESKTOP });
const shot = (name: string) =>
  fileURLToPath(new URL(`../artifacts/screenshots/${name}.png`, import.meta.url));

test('the country picker of a shipping country: every country, searched by code or name, on a phone too', async ({
  page,
}) => {
  await signInToOwnCompany(page, 'admin', '/admin/settings?section=checkout_shipping', 'Countries');
  await page.getByTestId(shippingIds.newCountry).click();
  const country = page.getByTestId(shippingIds.field('country'));
  // The ISO code finds the country first; a part of a name finds every country that has it.
  await country.fill('ch');
  await expect(page.getByRole('option').first()).toHaveAttribute(
    'data-testid',
    shippingIds.option('country', 'ch'),
  );
  await country.fill('united');
  await expect(page.getByTestId(shippingIds.option('country', 'gb'))).toBeVisible();
  await expect(page.getByTestId(shippingIds.option('country', 'us'))).toBeVisible();
  await expect(page.getByTestId(shippingIds.option('country', 'ae'))).toBeVisible();
  // The open list stays inside the window, under its field.
  const list = await page.getByRole('listbox').boundingBox();
  expect((list?.x ?? 0) + (list?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(DESKTOP.width);
  await screenshot(page, 'address-country-picker');
  await page.setViewportSize(PHONE);
  await country.fill('new z');
  await expect(page.getByTestId(shippingIds.option('country', 'nz'))).toBeVisible();
  await page.screenshot({ path: shot('address-country-picker-phone') });
  await page.getByTestId(shippingIds.option('country', 'nz')).click();
  await expect(country).toHaveValue('New Zealand');
  await page.setViewportSize(DESKTOP);

  // A settings list of countries takes several with the same picker, each a chip.
  await page.goto('/admin/settings?section=checkout_fraud');
  const blocked = page.getByTestId(settingsIds.field('checkout_fraud', 'blocked_countries'));
  await blocked.fill('ru');
  await page.getByRole('option', { name: /^Russian Federation/ }).click();
  await blocked.fill('bel');
  await page.getByRole('option', { name: /^Belarus/ }).click();
  const form = page.getByTestId(settingsIds.form('checkout_fraud'));
  await expect(form).toContainText('Russian Federation (RU)');
  await expect(form).toContainText('Belarus (BY)');
  await page.getByTestId(settingsIds.save('checkout_fraud')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.settingsUpdated })).toBeVisible();
  await page.reload();
  await expect(form).toContainText('Belarus (BY)');
  await screenshot(page, 'address-country-list');
});

test('the invoice settings name the legal fields as the company’s country does', async ({ page }) => {
  await signInToOwnCompany(page, 'admin', '/admin/settings', 'Legal');
  const form = page.getByTestId(settingsIds.form('invoice'));
  await expect(form).toBeVisible();
  const input = (name: string) => page.getByTestId(settingsIds.field('invoice', name));
  // No country yet: neutral words, no German court as the example.
  await expect(form.getByLabel('VAT number')).toBeVisible();
  await expect(form).not.toContainText('Amtsgericht');
  await expect(input('tax_number')).toBeVisible();

  await input('country').fill('canada');
  await page.getByRole('option', { name: /^Canada/ }).click();
  await expect(form.getByLabel('GST/HST number')).toBeVisible();
  await expect(form).toContainText('123456789 RT0001');
  await expect(form.getByLabel('Provincial sales tax number')).toBeVisible();
  await input('region').fill('queb');
  await page.getByRole('option', { name: /^Quebec/ }).click();
  await expect(form.getByLabel('QST number')).toBeVisible();
  await input('vat_number').fill('123456789 RT0001');
  await input('tax_number').fill('1234567890 TQ0001');
  await expect(form).not.toContainText('Amtsgericht');
  await screenshot(page, 'address-invoice-settings-quebec');
  await page.getByTestId(settingsIds.save('invoice')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.settingsUpdated })).toBeVisible();
  await page.reload();
  await expect(input('country')).toHaveValue('Canada');
  await expect(input('region')).toHaveValue('Quebec');
  await expect(form.getByLabel('QST number')).toHaveValue('1234567890 TQ0001');

  // Ontario charges HST only: the QST number saved before stays to be emptied, then the field goes.
  await input('region').fill('ontar');
  await page.getByRole('option', { name: /^Ontario/ }).click();
  await input('tax_number').fill('');
  await expect(input('tax_number')).toBeVisible();
  await page.getByTestId(settingsIds.save('invoice')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.settingsUpdated }).last()).toBeVisible();
  await expect(input('tax_number')).toHaveCount(0);
  await page.setViewportSize(PHONE);
  await input('vat_number').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('address-invoice-settings-ontario-phone') });
});
