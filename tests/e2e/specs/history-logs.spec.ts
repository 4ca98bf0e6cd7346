import { USERS } from '../credentials.ts';
import { expect, test } from '../fixtures.ts';
import {
  callApi,
  choose,
  companyAdminIds,
  createCompany,
  createMember,
  dataListIds,
  historyLogsIds,
  screenshot,
  signInThroughApi,
  waitForList,
} from '../helpers.ts';

const filtered = (f: Record<string, string>) =>
  `/super/history-logs?filters=${encodeURIComponent(JSON.stringify(f))}`;
const diffRow = (field: string) => `[data-testid="${historyLogsIds.diffRow}"][data-field="${field}"]`;

test('operators read the history logs by record name, filter them and see what a change changed', async ({
  page,
}) => {
  // Much setting up through the API on a shared, busy machine: more time than the default.
  test.slow();
  const company = await createCompany(page, 'Audit');
  const renamed = `${company.name} Audited`;
  // Every field is sent: a partial update resets the others to their defaults (reported as an API bug).
  await callApi(page, 'PUT', `/api/companies/${company.id}`, {
    name: renamed,
    currency: 'CAD',
    shop_system: 'woocommerce',
    payment_system: null,
  });
  const member = await createMember(page, company.id, 'user', 'audited');
  await callApi(page, 'PUT', `/api/auth/users/password/${member.id}`, { password: 'changed-by-operator' });
  const product = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/products`, {
    name: 'E-bike City 500',
    type: 'normal',
    variants: [{ name: 'Large', price: '1299.00', stock: 2 }],
  });

  // The history logs are those of the current company: work in the new one.
  await signInThroughApi(page, USERS.operator, `/super/companies/${company.id}`);
  await page.getByTestId(companyAdminIds.switchTo).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await page.goto('/super/history-logs');
  await waitForList(page);
  // Records read by name, linked to their screen ("E-bike City 500", not "Products #12").
  const productRow = page
    .getByTestId(dataListIds.row)
    .filter({ has: page.locator(`[data-entity="products"]`) })
    .first();
  await expect(productRow.getByTestId(historyLogsIds.recordLink)).toHaveText('E-bike City 500');
  await expect(productRow).toContainText(`Product #${product.id}`);
  await expect(productRow.getByTestId(historyLogsIds.actionChip)).toHaveText('Created');
  await screenshot(page, 'history-logs-01-list');

  // The kind of record is a select of names in words.
  await choose(page, historyLogsIds.filter('entity'), historyLogsIds.entityOption('companies'));
  await expect(page).toHaveURL(/entity%22%3A%22companies/);
  // Polled: the rows of the unfiltered list stay on screen until the filtered ones arrive, so a
  // single read just after the URL changed could see the old ones (it did in CI).
  await expect
    .poll(async () => {
      const entities = await page
        .getByTestId(historyLogsIds.entity)
        .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-entity')));
      return entities.length > 0 && entities.every((entity) => entity === 'companies');
    })
    .toBe(true);
  await choose(page, historyLogsIds.filter('action'), historyLogsIds.actionOption('updated'));
  await expect(page).toHaveURL(/action%22%3A%22updated/);
  await waitForList(page);
  const row = page.getByTestId(dataListIds.row);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('name, shop_system');
  await expect(row.getByTestId(historyLogsIds.recordLink)).toHaveText(renamed);
  await screenshot(page, 'history-logs-02-filtered');

  // The entry (a click beside the link): only what changed, old and new side by side.
  await row.getByTestId(historyLogsIds.actionChip).click();
  await expect(page).toHaveURL(/\/super\/history-logs\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed);
  await expect(page.getByTestId(historyLogsIds.detailField('user'))).toContainText(USERS.operator);
  await expect(page.getByTestId(historyLogsIds.detailField('action'))).toHaveText('Updated');
  await expect(page.getByTestId(historyLogsIds.detailField('entity_id'))).toHaveText(String(company.id));
  await expect(page.locator(diffRow('name')).locator('td')).toHaveText(['Name', company.name, renamed]);
  await expect(page.locator(diffRow('shop_system')).locator('td')).toHaveText([
    'Shop system',
    'empty',
    'woocommerce',
  ]);
  await expect(page.getByTestId(historyLogsIds.diffRow)).toHaveCount(2);
  await screenshot(page, 'history-logs-03-diff');

  // The record's name links to its screen.
  await page.getByTestId(historyLogsIds.detailField('record')).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/super/companies/${company.id}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/super\/history-logs\/\d+$/);

  // Back to the list as it was.
  await page.getByTestId(historyLogsIds.back).click();
  await expect(page).toHaveURL(/action%22%3A%22updated/);
  await waitForList(page);

  // Who: a user picked by typing part of their email, kept in the URL as their id.
  await page.getByTestId(historyLogsIds.clearFilters).click();
  await expect(page).toHaveURL(/\/super\/history-logs$/);
  const byUser = page.getByTestId(historyLogsIds.filter('user'));
  await byUser.fill(USERS.operator.split('@')[0]!);
  await page.getByRole('option').filter({ hasText: USERS.operator }).click();
  await expect(page).toHaveURL(/user%22%3A%22\d+%22/);
  await expect(byUser).not.toHaveValue('');
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row).filter({ hasNotText: USERS.operator })).toHaveCount(0);
  await screenshot(page, 'history-logs-04-by-user');

  // A password change: the hash never shows.
  await page.goto(filtered({ entity: 'users', entity_id: String(member.id), action: 'updated' }));
  await waitForList(page);
  await expect(page.getByTestId(historyLogsIds.recordLink).first()).toHaveText(member.email);
  await page
    .getByTestId(dataListIds.row)
    .filter({ hasText: 'password_hash' })
    .first()
    .getByTestId(dataListIds.rowLink)
    .click();
  await expect(page.getByTestId(historyLogsIds.redacted)).toHaveCount(2);
  await expect(page.getByTestId(historyLogsIds.diffTable)).not.toContainText('argon');
  await screenshot(page, 'history-logs-05-redacted');

  // Dates are typed in the app's format; anything else says what is expected.
  await page.goto(filtered({ entity: 'companies', entity_id: String(company.id) }));
  await waitForList(page);
  const from = page.getByTestId(historyLogsIds.filter('date_from'));
  await from.fill('yesterday');
  await from.press('Enter');
  await expect(page.getByText('Date like 24th Nov 2026')).toBeVisible();
  const today = new Date();
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  const month = today.toLocaleString('en', { month: 'short' });
  await from.fill(`${today.getDate()} ${month} ${today.getFullYear()}`);
  await from.press('Enter');
  await expect(page).toHaveURL(new RegExp(`date_from%22%3A%22${iso}%22`));
  await expect(from).toHaveValue(
    new RegExp(`^${today.getDate()}(st|nd|rd|th) ${month} ${today.getFullYear()}$`),
  );
  await expect(page.getByText('Date like 24th Nov 2026')).toHaveCount(0);
  await waitForList(page);
  await screenshot(page, 'history-logs-06-dates');

  // The created record: its fields with their one value, JSON pretty-printed where it is an object.
  await page.goto(filtered({ entity: 'companies', action: 'created', entity_id: String(company.id) }));
  await waitForList(page);
  await page.getByTestId(dataListIds.row).getByTestId(historyLogsIds.actionChip).click();
  await expect(page.locator(diffRow('name')).locator('td')).toHaveText(['Name', company.name]);
  await screenshot(page, 'history-logs-07-created');
});
