import { expect, test } from '@playwright/test';
import { USERS } from '../credentials.ts';
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

test('operators filter the history logs and read the before and after of a change', async ({ page }) => {
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

  // The history logs are those of the current company: work in the new one.
  await signInThroughApi(page, USERS.operator, `/super/companies/${company.id}`);
  await page.getByTestId(companyAdminIds.switchTo).click();
  await expect(page).toHaveURL(/\/cms\/customers$/);
  await page.goto('/super/history-logs');
  await waitForList(page);
  await screenshot(page, 'history-logs-01-list');

  const entity = page.getByTestId(historyLogsIds.filter('entity'));
  await entity.fill('companies');
  await entity.press('Enter');
  await expect(page).toHaveURL(/entity%22%3A%22companies/);
  await waitForList(page);
  await expect(page.getByTestId(historyLogsIds.entity)).not.toHaveCount(0);
  for (const value of await page
    .getByTestId(historyLogsIds.entity)
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-entity')))) {
    expect(value).toBe('companies');
  }
  await choose(page, historyLogsIds.filter('action'), historyLogsIds.actionOption('updated'));
  await waitForList(page);
  await expect(page.getByTestId(dataListIds.row)).toHaveCount(1);
  await expect(page.getByTestId(dataListIds.row)).toContainText('name, shop_system');
  await screenshot(page, 'history-logs-02-filtered');

  await page.getByTestId(dataListIds.row).click();
  await expect(page).toHaveURL(/\/super\/history-logs\/\d+$/);
  await expect(page.getByTestId(historyLogsIds.detailField('user'))).toContainText(USERS.operator);
  await expect(page.getByTestId(historyLogsIds.detailField('entity_id'))).toHaveText(String(company.id));
  const nameRow = page.locator(`[data-testid="${historyLogsIds.diffRow}"][data-field="name"]`);
  await expect(nameRow.locator('td')).toHaveText(['name', company.name, renamed]);
  await expect(nameRow).toHaveAttribute('data-changed', 'true');
  const shopRow = page.locator(`[data-testid="${historyLogsIds.diffRow}"][data-field="shop_system"]`);
  await expect(shopRow.locator('td')).toHaveText(['shop_system', 'empty', 'woocommerce']);
  await screenshot(page, 'history-logs-03-diff');

  // Back to the list as it was.
  await page.getByTestId(historyLogsIds.back).click();
  await expect(page).toHaveURL(/action%22%3A%22updated/);
  await waitForList(page);

  // A password change: the hash never shows.
  await page.getByTestId(historyLogsIds.clearFilters).click();
  await expect(page).toHaveURL(/\/super\/history-logs$/);
  await entity.fill('users');
  await entity.press('Enter');
  await page.getByTestId(historyLogsIds.filter('entity_id')).fill(String(member.id));
  await expect(page).toHaveURL(new RegExp(`entity_id%22%3A%22${member.id}%22`));
  await choose(page, historyLogsIds.filter('action'), historyLogsIds.actionOption('updated'));
  await waitForList(page);
  await page.getByTestId(dataListIds.row).filter({ hasText: 'password_hash' }).first().click();
  await expect(page.getByTestId(historyLogsIds.redacted)).toHaveCount(2);
  await expect(page.getByTestId(historyLogsIds.diffTable)).not.toContainText('argon');
  await screenshot(page, 'history-logs-04-redacted');

  // The created record: every field after, JSON pretty-printed where it is an object.
  await page.goto(
    `/super/history-logs?filters=${encodeURIComponent(JSON.stringify({ entity: 'companies', action: 'created', entity_id: String(company.id) }))}`,
  );
  await waitForList(page);
  await page.getByTestId(dataListIds.row).click();
  await expect(
    page.locator(`[data-testid="${historyLogsIds.diffRow}"][data-field="name"] td`).nth(2),
  ).toHaveText(company.name);
});
