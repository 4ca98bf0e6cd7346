/**
 * `/admin/webhooks` (issue 27 part 1): an admin adds a webhook pointing at a receiver this test runs on
 * 127.0.0.1 (the e2e server sets ALLOW_PRIVATE_SHOP_URLS, the on-premises switch the webhooks' address
 * guard shares with the shop client, decision 60), sees its secret once, sends a test event, sees the
 * signed delivery arrive and listed, opens it and resends it, edits the webhook and deletes it.
 * Screenshots at 1440 and 390 wide: tests/e2e/artifacts/screenshots/webhooks-*.png.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { webhooksIds } from '../../../apps/web/src/features/webhooks/testids.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  confirmDialogIds,
  dataListIds,
  MESSAGES,
  screenshot,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function bothWidths(page: Page, name: string) {
  await screenshot(page, `webhooks-${name}`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `webhooks-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('an admin adds a webhook, sees its secret once, sends a test event, resends it, edits and deletes', async ({
  page,
}) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    await page.setViewportSize(DESKTOP);
    await signInToOwnCompany(page, 'admin', '/admin/webhooks', 'Webhooks');
    const list = page.getByTestId(webhooksIds.listPage);
    await expect(list).toContainText('No webhooks yet.');
    // The drawer's Admins section names it.
    await expect(page.getByRole('link', { name: 'Webhooks' }).first()).toBeVisible();

    // Create: the form names what is missing before anything is sent.
    await page.getByTestId(webhooksIds.newWebhook).click();
    const dialog = page.getByTestId(webhooksIds.createDialog);
    await expect(dialog.getByRole('heading', { name: 'New webhook' })).toBeVisible();
    await page.getByTestId(webhooksIds.save).click();
    await expect(dialog.getByText('Required field.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one event type.')).toBeVisible();
    await page.getByTestId(webhooksIds.field('url')).fill(`${receiver.url}/rentloop`);
    await page.getByTestId(webhooksIds.field('event_types')).click();
    await page.getByRole('option', { name: 'customer.created' }).click();
    await page.getByRole('option', { name: 'order.created' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId(webhooksIds.field('description')).fill('ERP sync');
    await bothWidths(page, '01-create');
    await page.getByTestId(webhooksIds.save).click();
    await expect(toasts(page).filter({ hasText: MESSAGES.webhookCreated })).toBeVisible();

    // The secret, once, with a copy button; Done opens the webhook's page.
    const secret = (await page.getByTestId(webhooksIds.secret).textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await expect(page.getByTestId(webhooksIds.secretCopy)).toBeVisible();
    await bothWidths(page, '02-secret');
    await page.getByTestId(webhooksIds.secretDone).click();
    const detail = page.getByTestId(webhooksIds.detailPage);
    await expect(detail).toContainText(`${receiver.url}/rentloop`.replace('http://', ''));
    await expect(detail).toContainText('No deliveries yet');
    await page.reload();
    await expect(detail).toContainText('ERP sync');
    await expect(page.getByText(secret)).toHaveCount(0);

    // Send test event: signed, received, listed.
    await page.getByTestId(webhooksIds.sendTest).click();
    await expect(toasts(page).filter({ hasText: MESSAGES.webhookFired })).toBeVisible();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.path).toBe('/rentloop');
    expect(String(got.headers['webhook-signature'])).toMatch(/^v1,/);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });
    const deliveries = page.getByTestId(webhooksIds.deliveries);
    const row = deliveries.getByTestId(dataListIds.row).first();
    await expect(row).toContainText('webhook.test');
    await expect(row).toContainText('Succeeded');
    await expect(row).toContainText('HTTP 200');
    await bothWidths(page, '03-delivered');

    // One delivery: its attempt, then a resend with the same webhook-id.
    await row.getByText('webhook.test').click();
    const one = page.getByTestId(webhooksIds.deliveryDialog);
    await expect(one).toContainText('Attempts (1)');
    await expect(one).toContainText(String(got.headers['webhook-id']));
    await bothWidths(page, '04-delivery');
    // The test event's toast closed first, so the one seen next is the resend's own (the same message is
    // shown again once the first has started to close: utils/notify.ts onceWhileOpen).
    const fired = toasts(page).filter({ hasText: MESSAGES.webhookFired, visible: true });
    await expect(fired).toHaveCount(0);
    await page.getByTestId(webhooksIds.deliveryResend).click();
    await expect(fired).toBeVisible();
    await expect(one).toBeHidden();
    await expect(deliveries.getByTestId(dataListIds.row)).toHaveCount(2);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toEqual([
      got.headers['webhook-id'],
      got.headers['webhook-id'],
    ]);

    // Edit: description and off.
    await page.getByTestId(webhooksIds.edit).click();
    const edit = page.getByTestId(webhooksIds.editDialog);
    await expect(page.getByTestId(webhooksIds.field('url'))).toHaveValue(`${receiver.url}/rentloop`);
    await page.getByTestId(webhooksIds.field('description')).fill('ERP sync (paused)');
    await page.getByTestId(webhooksIds.field('enabled')).uncheck();
    await page.getByTestId(webhooksIds.save).click();
    await expect(toasts(page).filter({ hasText: MESSAGES.webhookUpdated })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(detail).toContainText('ERP sync (paused)');
    await expect(detail).toContainText('Disabled');

    // The list: off, and the last delivery's outcome.
    await page.getByTestId(webhooksIds.back).click();
    const listed = list.getByTestId(dataListIds.row).first();
    await expect(listed).toContainText('Disabled');
    await expect(listed).toContainText('Succeeded');
    await expect(listed).toContainText('customer.created, order.created');
    await bothWidths(page, '05-list');

    // Delete from its page, after a confirmation.
    await listed.getByText('ERP sync (paused)').click();
    await page.getByTestId(webhooksIds.deleteOne).click();
    await page.getByTestId(confirmDialogIds.confirm).click();
    await expect(toasts(page).filter({ hasText: MESSAGES.webhookDeleted })).toBeVisible();
    await expect(list).toContainText('No webhooks yet.');
  } finally {
    await receiver.close();
  }
});
