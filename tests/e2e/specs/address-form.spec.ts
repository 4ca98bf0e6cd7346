/**
 * The address form (issue 4) in the customer create dialog: for a Canadian, a US, an Australian and a
 * German address, every message the domain's rules give, the autofill from the postal code, saving
 * and the address on the detail page as that country writes it. Then the server's own 422 for an
 * address, shown on the field.
 *
 * Issue 25 item 4: a postal code from another province, state or region is flagged on leaving the
 * field, on both fields ("The postal code is in Alberta."), and refused by the server with a 422 on
 * both. The country picker and the invoice settings' legal fields are specs/country-fields.spec.ts.
 *
 * Fields are found by their input's name (`billing_address.postal_code`, the name the schema and the
 * server give errors under); a field's error is its helper text, which is the input's accessible
 * description.
 */

import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_KEY } from '../../../apps/web/src/api/storage-keys.ts';
import { phoneInvalidMessage } from '../../../packages/domain/src/addresses.ts';
import { expect, type Locator, type Page, test } from '../fixtures.ts';
import { customersIds, MESSAGES, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';

// Tall enough that the whole dialog shows in the screenshots without scrolling its content.
const DESKTOP = { width: 1440, height: 1700 };
const PHONE = { width: 390, height: 844 };
test.use({ viewport: DESKTOP });
const shot = (name: string) =>
  fileURLToPath(new URL(`../artifacts/screenshots/${name}.png`, import.meta.url));

const ADDRESS = 'billing_address';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (dialog: Locator, name: string) => dialog.locator(`input[name="${ADDRESS}.${name}"]`);

async function expectError(dialog: Locator, name: string, message: string) {
  await expect(field(dialog, name), `${name} shows "${message}"`).toHaveAttribute('aria-invalid', 'true');
  await expect(field(dialog, name)).toHaveAccessibleDescription(message);
}

async function expectValid(dialog: Locator, name: string) {
  await expect(field(dialog, name), `${name} has no error`).toHaveAttribute('aria-invalid', 'false');
}

/** Picks a choice of a searchable select (country, province, state) by typing and clicking it. */
async function choose(page: Page, dialog: Locator, name: string, typed: string, option: string) {
  await field(dialog, name).fill(typed);
  await page.getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}`) }).click();
  await expect(field(dialog, name)).toHaveValue(option);
}

async function save(dialog: Locator) {
  await dialog.getByTestId(customersIds.save).click();
}

/**
 * Opens the create dialog with the customer's name and email filled and the billing address on, as a
 * user of a company of the test's own (the customers it saves never change the demo company's list,
 * which other tests count); the address starts with the customer's name and email and the company's
 * country (CAD, so Canada).
 */
async function openCreateDialog(page: Page, name: string, email: string) {
  await signInToOwnCompany(page, 'user', '/cms/customers/create', 'Addresses');
  const dialog = page.getByTestId(customersIds.createDialog);
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="name"]').fill(name);
  await dialog.locator('input[name="email"]').fill(email);
  await dialog.getByTestId(customersIds.billingToggle).check();
  await expect(field(dialog, 'country')).toHaveValue('Canada');
  await expect(field(dialog, 'first_name')).toHaveValue(name.split(' ')[0] ?? '');
  return dialog;
}

const BASE_REQUIRED = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'street',
  'street_number',
  'postal_code',
  'city',
  'country',
] as const;

/**
 * Empties every required field (the name and email came from the customer, the country from the
 * company), saves, and expects "Required field." on each; then picks the country.
 */
async function requiredThenCountry(page: Page, dialog: Locator, country: { typed: string; option: string }) {
  for (const name of ['first_name', 'last_name', 'email', 'country']) await field(dialog, name).fill('');
  await save(dialog);
  for (const name of BASE_REQUIRED) await expectError(dialog, name, MESSAGES.required);
  await expect(dialog.getByTestId(customersIds.formError)).toHaveCount(0);
  await choose(page, dialog, 'country', country.typed, country.option);
  await expectValid(dialog, 'country');
}

/** The street needs a number when the street number is empty, and the number must be numeric. */
async function streetRules(dialog: Locator, street: string, number: string) {
  await field(dialog, 'street').fill(street);
  await expectError(dialog, 'street', MESSAGES.requiresNumber);
  await expectError(dialog, 'street_number', MESSAGES.required);
  await field(dialog, 'street_number').fill(number);
  await expectValid(dialog, 'street');
  await expectValid(dialog, 'street_number');
}

async function emailRules(dialog: Locator, email: string) {
  await field(dialog, 'email').fill('anne@example');
  await expectError(dialog, 'email', MESSAGES.emailInvalid);
  await field(dialog, 'email').fill('anne tremblay@example.com');
  await expectError(dialog, 'email', MESSAGES.emailWhitespace);
  await field(dialog, 'email').fill(email);
  await expectValid(dialog, 'email');
}

/**
 * A number of another country is refused; a national number of this one passes, with the country's
 * dial code before it, and is written internationally on leaving the field.
 */
async function phoneRules(
  dialog: Locator,
  phone: { country: string; foreign: string; national: string; dialCode: string; international: string },
) {
  await field(dialog, 'phone').fill(phone.foreign);
  // The message shows the country's format with its example number.
  await expectError(dialog, 'phone', phoneInvalidMessage(phone.country));
  await field(dialog, 'phone').fill(phone.national);
  await expectValid(dialog, 'phone');
  await expect(field(dialog, 'phone').locator('xpath=..')).toContainText(phone.dialCode);
  await field(dialog, 'phone').blur();
  await expect(field(dialog, 'phone')).toHaveValue(phone.international);
  await expect(field(dialog, 'phone').locator('xpath=..')).not.toContainText(`${phone.dialCode} +`);
  await expectValid(dialog, 'phone');
}

/** Saves, expects the detail page, and returns the billing address's lines as shown. */
async function saveAndReadLines(page: Page, dialog: Locator, name: string) {
  await save(dialog);
  await expect(toasts(page).filter({ hasText: MESSAGES.customerCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/customers\/\d+$/);
  await expect(page.getByTestId(customersIds.detailName)).toHaveText(name);
  const block = page.getByTestId(customersIds.addressLines('billing'));
  await expect(block).toBeVisible();
  // textContent keeps the spacing as written ("Toronto ON  M5V 2T6" has two spaces).
  return block.locator(':scope > span').evaluateAll((spans) => spans.map((s) => s.textContent ?? ''));
}

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

test('a Canadian address: every rule, the province from the postal code, Canada Post lines', async ({
  page,
}) => {
  const email = `anne.tremblay.${stamp()}@example.com`;
  const dialog = await openCreateDialog(page, 'Anne Tremblay', email);
  await requiredThenCountry(page, dialog, { typed: 'can', option: 'Canada' });
  await expect(dialog.getByLabel('Province')).toBeVisible();
  await expectError(dialog, 'region', MESSAGES.required);
  await screenshot(page, 'address-ca-01-required');

  await field(dialog, 'first_name').fill('Anne');
  await field(dialog, 'last_name').fill('Tremblay');
  await streetRules(dialog, 'Bay St', '350');
  await field(dialog, 'city').fill('Toronto');

  await field(dialog, 'postal_code').fill('D1A 1A1');
  await expectError(dialog, 'postal_code', MESSAGES.postalCodeInvalid);
  await emailRules(dialog, email);
  // A Seattle number on a Toronto address.
  await phoneRules(dialog, {
    country: 'ca',
    foreign: '+1 206 555 0123',
    national: '416 555 0199',
    dialCode: '+1',
    international: '+1 416 555 0199',
  });
  await screenshot(page, 'address-ca-02-rules');

  // A province picked by hand is never replaced by the postal code's: leaving the postal code flags
  // both fields at once (tax follows the province), before any save.
  await choose(page, dialog, 'region', 'QC', 'Quebec');
  await field(dialog, 'postal_code').fill('t2p1j9');
  await field(dialog, 'postal_code').blur();
  await expect(field(dialog, 'postal_code')).toHaveValue('T2P 1J9');
  await expect(field(dialog, 'region')).toHaveValue('Quebec');
  await expectError(dialog, 'postal_code', 'The postal code is in Alberta.');
  await expectError(dialog, 'region', MESSAGES.provinceMismatch);
  await screenshot(page, 'address-ca-03-province-mismatch');
  await page.setViewportSize(PHONE);
  await field(dialog, 'postal_code').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('address-ca-03-province-mismatch-phone') });
  await page.setViewportSize(DESKTOP);
  // The province picked to match: both errors go as it changes.
  await choose(page, dialog, 'region', 'alb', 'Alberta');
  await expectValid(dialog, 'postal_code');
  await expectValid(dialog, 'region');

  // Emptied, the province is filled in from the postal code again when the code changes.
  await field(dialog, 'region').fill('');
  await expectError(dialog, 'region', MESSAGES.required);
  await field(dialog, 'postal_code').fill('M5V 2T5');
  await expect(field(dialog, 'region')).toHaveValue('Ontario');
  await expect(field(dialog, 'region')).toHaveAccessibleDescription('Filled in from the postal code.');
  await expect(field(dialog, 'region')).toHaveAttribute('aria-invalid', 'false');
  await screenshot(page, 'address-ca-04-autofill');

  const lines = await saveAndReadLines(page, dialog, 'Anne Tremblay');
  expect(lines).toEqual(['Anne Tremblay', '350 Bay St', 'Toronto ON  M5V 2T5', 'Canada']);
  await expect(page.getByTestId(customersIds.address('billing', 'phone'))).toHaveText('+1 416 555 0199');
  await screenshot(page, 'address-ca-05-saved');
});

test('a US address: every rule, the state from the ZIP code, USPS lines', async ({ page }) => {
  const email = `jordan.lee.${stamp()}@example.com`;
  const dialog = await openCreateDialog(page, 'Jordan Lee', email);
  await requiredThenCountry(page, dialog, { typed: 'united states', option: 'United States of America' });
  await expect(dialog.getByLabel('ZIP code')).toBeVisible();
  await expect(dialog.getByLabel('State')).toBeVisible();
  await expect(field(dialog, 'region')).toHaveCount(0);
  await expectError(dialog, 'state', MESSAGES.required);
  await screenshot(page, 'address-us-01-required');

  await field(dialog, 'first_name').fill('Jordan');
  await field(dialog, 'last_name').fill('Lee');
  await streetRules(dialog, 'Pike St', '1501');
  await field(dialog, 'city').fill('Seattle');
  await field(dialog, 'postal_code').fill('9810');
  await expectError(dialog, 'postal_code', MESSAGES.zipCodeInvalid);
  await emailRules(dialog, email);
  // A Toronto number on a Seattle address.
  await phoneRules(dialog, {
    country: 'us',
    foreign: '+1 416 555 0199',
    national: '(206) 555-0123',
    dialCode: '+1',
    international: '+1 206 555 0123',
  });
  await screenshot(page, 'address-us-02-rules');

  await field(dialog, 'postal_code').fill('98101');
  await expectValid(dialog, 'postal_code');
  await expect(field(dialog, 'state')).toHaveValue('Washington');
  await expect(field(dialog, 'state')).toHaveAccessibleDescription('Filled in from the ZIP code.');
  await expectValid(dialog, 'state');
  await screenshot(page, 'address-us-03-autofill');

  // Another state picked by hand: the ZIP says where it is, the state that it does not match.
  await choose(page, dialog, 'state', 'oreg', 'Oregon');
  await field(dialog, 'state').blur();
  await expectError(dialog, 'postal_code', 'The ZIP code is in Washington.');
  await expectError(dialog, 'state', MESSAGES.stateMismatch);
  await screenshot(page, 'address-us-04-state-mismatch');
  await choose(page, dialog, 'state', 'WA', 'Washington');
  await expectValid(dialog, 'postal_code');
  await expectValid(dialog, 'state');

  const lines = await saveAndReadLines(page, dialog, 'Jordan Lee');
  expect(lines).toEqual(['Jordan Lee', '1501 Pike St', 'Seattle, WA 98101', 'United States']);
  await screenshot(page, 'address-us-05-saved');
});

test('an Australian address: every rule, the state from the postcode, Australia Post lines', async ({
  page,
}) => {
  const email = `mia.nguyen.${stamp()}@example.com`;
  const dialog = await openCreateDialog(page, 'Mia Nguyen', email);
  await requiredThenCountry(page, dialog, { typed: 'austra', option: 'Australia' });
  await expect(dialog.getByLabel('Postcode')).toBeVisible();
  await expect(dialog.getByLabel('Suburb')).toBeVisible();
  await expectError(dialog, 'region', MESSAGES.required);
  await screenshot(page, 'address-au-01-required');

  await field(dialog, 'first_name').fill('Mia');
  await field(dialog, 'last_name').fill('Nguyen');
  await streetRules(dialog, 'Macquarie St', '2');
  await field(dialog, 'city').fill('Sydney');
  await field(dialog, 'postal_code').fill('200');
  await expectError(dialog, 'postal_code', MESSAGES.postcodeInvalid);
  await emailRules(dialog, email);
  await phoneRules(dialog, {
    country: 'au',
    foreign: '+1 416 555 0199',
    national: '02 5550 0123',
    dialCode: '+61',
    international: '+61 2 5550 0123',
  });
  await screenshot(page, 'address-au-02-rules');

  await field(dialog, 'postal_code').fill('2000');
  await expectValid(dialog, 'postal_code');
  await expect(field(dialog, 'region')).toHaveValue('New South Wales');
  await expect(field(dialog, 'region')).toHaveAccessibleDescription('Filled in from the postcode.');
  await screenshot(page, 'address-au-03-autofill');

  // The ACT picked by hand: a Melbourne postcode is flagged; 2620 (Queanbeyan NSW, Hume ACT) takes either.
  await choose(page, dialog, 'region', 'act', 'Australian Capital Territory');
  await field(dialog, 'postal_code').fill('3000');
  await field(dialog, 'postal_code').blur();
  await expectError(dialog, 'postal_code', 'The postcode is in Victoria.');
  await expectError(dialog, 'region', MESSAGES.auRegionMismatch);
  await field(dialog, 'postal_code').fill('2620');
  await expectValid(dialog, 'postal_code');
  await expectValid(dialog, 'region');
  await choose(page, dialog, 'region', 'nsw', 'New South Wales');
  await field(dialog, 'postal_code').fill('2000');
  await expectValid(dialog, 'postal_code');

  const lines = await saveAndReadLines(page, dialog, 'Mia Nguyen');
  expect(lines).toEqual(['Mia Nguyen', '2 Macquarie St', 'Sydney NSW 2000', 'Australia']);
  await screenshot(page, 'address-au-04-saved');
});

test('a German address: every rule, free-text region, postal code before the city', async ({ page }) => {
  const email = `lena.schmidt.${stamp()}@example.com`;
  const dialog = await openCreateDialog(page, 'Lena Schmidt', email);
  await requiredThenCountry(page, dialog, { typed: 'germ', option: 'Germany' });
  // No list of regions: an optional text field, no postal code autofill.
  await expect(dialog.getByLabel('Region')).toBeVisible();
  await expectValid(dialog, 'region');
  await screenshot(page, 'address-de-01-required');

  await field(dialog, 'first_name').fill('Lena');
  await field(dialog, 'last_name').fill('Schmidt');
  await field(dialog, 'street').fill('Invalidenstraße');
  await expectError(dialog, 'street', MESSAGES.requiresNumber);
  await field(dialog, 'street_number').fill('1a');
  await expectError(dialog, 'street_number', MESSAGES.onlyNumbers);
  await field(dialog, 'street_number').fill('117');
  await expectValid(dialog, 'street');
  await expectValid(dialog, 'street_number');
  await field(dialog, 'postal_code').fill('10115');
  await field(dialog, 'city').fill('Berlin');
  await emailRules(dialog, email);
  await phoneRules(dialog, {
    country: 'de',
    foreign: '+1 416 555 0199',
    national: '030 901820',
    dialCode: '+49',
    international: '+49 30 901820',
  });
  await expect(field(dialog, 'region')).toHaveValue('');
  await screenshot(page, 'address-de-02-rules');

  const lines = await saveAndReadLines(page, dialog, 'Lena Schmidt');
  expect(lines).toEqual(['Lena Schmidt', 'Invalidenstraße 117', '10115 Berlin', 'Germany']);
  await screenshot(page, 'address-de-03-saved');
});

test("the server's 422 for an address goes on the address field", async ({ page }) => {
  const email = `server.check.${stamp()}@example.com`;
  const dialog = await openCreateDialog(page, 'Marc Gagnon', email);
  await field(dialog, 'street').fill('Rue Sainte-Catherine Ouest');
  await field(dialog, 'street_number').fill('1250');
  await field(dialog, 'city').fill('Montréal');
  await field(dialog, 'postal_code').fill('H3G 1P1');
  await expect(field(dialog, 'region')).toHaveValue('Quebec');
  await field(dialog, 'phone').fill('514 555 0142');

  // The browser and the server share the rules, so no value passes one and fails the other: the
  // request is changed on its way, as an out-of-date browser would send it, and the server decides.
  let sent: { email: string; billing_address: { postal_code: string } } | undefined;
  await page.route('**/rentloopdb/customers', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    sent = request.postDataJSON() as NonNullable<typeof sent>;
    sent.billing_address.postal_code = 'D1A 1A1';
    await route.continue({ postData: JSON.stringify(sent) });
  });
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/rentloopdb/customers') && r.request().method() === 'POST',
  );
  await save(dialog);
  const response = await answer;
  expect(response.status()).toBe(422);
  const body = (await response.json()) as { errors: Record<string, string[]> };
  expect(body.errors).toEqual({ 'billing_address.postal_code': [MESSAGES.postalCodeInvalid] });

  await expect(toasts(page).filter({ hasText: MESSAGES.customerCreateFailed })).toBeVisible();
  await expectError(dialog, 'postal_code', MESSAGES.postalCodeInvalid);
  await expect(field(dialog, 'postal_code')).toBeFocused();
  await expect(dialog.getByTestId(customersIds.formError)).toHaveCount(0);
  await expect(page).toHaveURL(/\/cms\/customers\/create$/);
  await screenshot(page, 'address-server-422');

  // The same answer without the browser's form: a bad Canadian postal code, straight to the API.
  expect(sent?.email).toBe(email);
  const token = await page.evaluate((key) => window.localStorage.getItem(key), ACCESS_TOKEN_KEY);
  const direct = await page.request.post(response.url(), {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...sent, email: `direct.${email}` },
  });
  expect(direct.status()).toBe(422);
  expect(((await direct.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    'billing_address.postal_code': [MESSAGES.postalCodeInvalid],
  });

  // A Calgary postal code on a Quebec address: refused by the server on both fields.
  const calgary = await page.request.post(response.url(), {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      ...sent,
      email: `calgary.${email}`,
      billing_address: { ...sent?.billing_address, postal_code: 'T2P 1J9' },
    },
  });
  expect(calgary.status()).toBe(422);
  expect(((await calgary.json()) as { errors: Record<string, string[]> }).errors).toEqual({
    'billing_address.postal_code': ['The postal code is in Alberta.'],
    'billing_address.region': [MESSAGES.provinceMismatch],
  });
});
