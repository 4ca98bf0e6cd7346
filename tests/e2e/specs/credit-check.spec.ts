/**
 * The credit check of an order's customer (spec 01: "a credit-check (crif) lookup exists"): with no
 * provider configured the button answers so, with a link to the settings; the owner enters the CRIF
 * credentials there (a fake CRIF started here, on loopback as ALLOW_PRIVATE_SHOP_URLS allows), and the
 * button then shows the decision, score and reference.
 */
import { FAKE_CRIF, startFakeCrif } from '../../../apps/api/src/integrations/credit/testing/fake-crif.ts';
import { CREDIT_TEXTS } from '../../../packages/domain/src/credit-checks.ts';
import { expect, test } from '../fixtures.ts';
import { MESSAGES, ordersIds, screenshot, settingsIds, signInToOwnCompany, toasts } from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

test('an owner checks an order customer’s credit: not configured, then configured, then approved', async ({
  page,
}) => {
  test.slow();
  const crif = await startFakeCrif();
  try {
    const { company } = await signInToOwnCompany(page, 'owner', '/cms/insights', 'Credit');
    const { first } = await seedOrders(page, company.id);

    // No provider yet: the answer says so and links to the settings.
    await page.goto(`/cms/orders/${first.id}`);
    await expect(page.getByTestId(ordersIds.detailTitle)).toHaveText(`Order ${first.number}`);
    await page.getByTestId(ordersIds.creditCheck).click();
    const problem = page.getByTestId(ordersIds.creditProblem);
    await expect(problem).toContainText(CREDIT_TEXTS.notConfigured);
    await screenshot(page, 'credit-check-01-not-configured');

    // The settings: the CRIF address, user and secret.
    await problem.getByRole('link', { name: 'Open the credit check settings' }).click();
    await expect(page.getByTestId(settingsIds.form('credit_check'))).toBeVisible();
    await expect(page.getByTestId(settingsIds.readOnly('credit_check', 'secret_stored'))).toHaveText(
      'Not set',
    );
    await page.getByTestId(settingsIds.field('credit_check', 'enabled')).check();
    await page.getByTestId(settingsIds.field('credit_check', 'base_url')).fill(crif.url);
    await page.getByTestId(settingsIds.field('credit_check', 'username')).fill(FAKE_CRIF.username);
    await page.getByTestId(settingsIds.save('credit_check')).click();
    // Switching on needs the secret: the server's 422 on its field.
    await expect(page.getByTestId(settingsIds.form('credit_check'))).toContainText(
      'Required to switch credit checks on.',
    );
    await page.getByTestId(settingsIds.field('credit_check', 'secret')).fill(FAKE_CRIF.secret);
    await page.getByTestId(settingsIds.save('credit_check')).click();
    await expect(toasts(page).filter({ hasText: MESSAGES.settingsUpdated })).toBeVisible();
    await expect(page.getByTestId(settingsIds.readOnly('credit_check', 'secret_stored'))).toHaveText(
      'Stored',
    );
    await expect(page.getByTestId(settingsIds.field('credit_check', 'secret'))).toHaveValue('');
    await screenshot(page, 'credit-check-02-settings');

    // The check: approved by the fake, with its score and reference; asked again, the stored one.
    await page.goto(`/cms/orders/${first.id}`);
    await page.getByTestId(ordersIds.creditCheck).click();
    await expect(page.getByTestId(ordersIds.creditDecision)).toHaveText('Approved');
    const result = page.getByTestId(ordersIds.creditResult);
    await expect(result).toContainText('Score 870');
    await expect(result).toContainText(/Ref\. CRIF-\d+/);
    await screenshot(page, 'credit-check-03-approved');
    await page.getByTestId(ordersIds.creditCheck).click();
    await expect(result).toContainText('(stored check)');
    expect(crif.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  } finally {
    await crif.close();
  }
});
