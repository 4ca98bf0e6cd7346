/**
 * Cancellation and replacement invoices (issue 24 part 1): a merchant opens an issued invoice, follows
 * "Cancel invoice" to the preview of the cancellation invoice, confirms it with a replacement, lands on
 * the replacement's edit screen, changes the billing address and a line (the totals follow as typed),
 * issues it, and finds it numbered and naming the invoice it replaces; the cancelled original offers no
 * more actions. Desktop and phone screenshots: tests/e2e/artifacts/screenshots/invoice-corrections-*.png;
 * axe judges every screen visited (fixtures.ts).
 */
import { expect, type Page, test } from '../fixtures.ts';
import { callApi, invoicesIds, MESSAGES, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';
import { seedOrders } from '../orders-seed.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `invoice-corrections-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `invoice-corrections-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

test('a merchant cancels an invoice, edits the replacement and issues it', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/insights', 'Storno');
  const { first } = await seedOrders(page, company.id);
  const original = await callApi<{ id: number; number: string }>(
    page,
    'POST',
    `/api/${company.id}/order/generate-offline-invoice`,
    { order_id: first.id },
  );

  await page.goto(`/cms/invoices/${original.id}`);
  await page.getByTestId(invoicesIds.action('cancel')).click();
  await expect(page).toHaveURL(new RegExp(`/cms/invoices/${original.id}/cancel$`));
  const preview = page.frameLocator(`[data-testid="${invoicesIds.cancelPreview}"]`);
  await expect(preview.locator('h1')).toContainText('Cancellation invoice Draft');
  await expect(preview.locator('body')).toContainText(`Cancellation of invoice ${original.number}`);
  await expect(page.getByTestId(invoicesIds.cancelRegenerate)).toBeChecked();
  await bothWidths(page, '01-cancel');

  await page.getByTestId(invoicesIds.cancelConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.cancellationCreated })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/invoices\/\d+\/edit$/);
  const replacementId = Number(new URL(page.url()).pathname.split('/').at(-2));

  // The replacement: a new billing address and a changed price; the totals follow before issuing.
  await expect(page.getByTestId(invoicesIds.editForm)).toBeVisible();
  const gross = page.getByTestId(invoicesIds.editTotal('gross'));
  const before = await gross.textContent();
  await page.locator('input[name="address.street"]').fill('Queen Street East');
  await page.locator('input[name="address.street_number"]').fill('250');
  await page.locator('input[name="lines.0.unit_price"]').fill('1000');
  await expect(gross).not.toHaveText(before ?? '');
  await expect(page.getByTestId(invoicesIds.editTotal('net'))).toContainText('1,000.00');
  await bothWidths(page, '02-edit');

  await page.getByTestId(invoicesIds.editIssue).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.replacementEdited })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cms/invoices/${replacementId}$`));
  await expect(page.getByTestId(invoicesIds.detailTitle)).toHaveText(/^Replacement invoice INV-\S+/);
  await expect(page.getByTestId(invoicesIds.action('cancel'))).toBeVisible();
  await expect(page.getByTestId(invoicesIds.buyer)).toContainText('Queen Street East');
  await expect(page.getByTestId(invoicesIds.link('original'))).toHaveAttribute(
    'href',
    `/cms/invoices/${original.id}`,
  );
  await bothWidths(page, '03-replacement');

  // The original is cancelled: no charge, settle or second cancellation is offered.
  await page.goto(`/cms/invoices/${original.id}`);
  await expect(page.getByTestId(invoicesIds.action('pdf'))).toBeVisible();
  await expect(page.getByTestId(invoicesIds.action('cancel'))).toHaveCount(0);
  await expect(page.getByTestId(invoicesIds.action('charge'))).toHaveCount(0);
  await expect(page.getByTestId(invoicesIds.link('cancellation'))).toBeVisible();
  await screenshot(page, 'invoice-corrections-04-cancelled-original');
  await page.getByTestId(invoicesIds.link('cancellation')).click();
  await expect(page.getByTestId(invoicesIds.detailTitle)).toHaveText(/^Cancellation invoice INV-\S+/);
  await expect(page.getByTestId(invoicesIds.total('gross'))).toContainText('-');
});
