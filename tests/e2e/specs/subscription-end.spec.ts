/**
 * Ending a subscription (issue 25 item 5): the end dialog warns that the minimum term still runs and
 * offers "at the end of the term" or "now", with a reason code and details; an end at the end of the
 * term is shown on the page until it happens and can be withdrawn; the timeline tells what happened,
 * by whom and why, also after a reactivation. Desktop and phone.
 */

import { subscriptionsIds } from '../../../apps/web/src/features/subscriptions/testids.ts';
import { SUBSCRIPTION_END_TEXTS } from '../../../packages/domain/src/subscription-end.ts';
import { expect, test } from '../fixtures.ts';
import { callApi, MESSAGES, pickFromMenu, screenshot, signInToOwnCompany, toasts } from '../helpers.ts';
import { setUpOrderCatalog } from '../order-setup.ts';

test('staff end a subscription at the end of its term or now, withdraw it, and read its timeline', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { company } = await signInToOwnCompany(page, 'admin', '/cms/subscriptions', 'Ends');
  const { api, cart } = await setUpOrderCatalog(page, company.id);
  const order = await callApi<{ subscription_ids: number[] }>(page, 'POST', api('orders/full'), cart);
  const id = order.subscription_ids[0]!;
  await page.goto(`/cms/subscriptions/${id}`);
  const detail = page.getByTestId(subscriptionsIds.detailPage);
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  const timeline = page.getByTestId(subscriptionsIds.timeline);
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('created'))).toBeVisible();
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('started'))).toBeVisible();

  // The dialog: the term's warning, the reason list, "at the end of the term" chosen while it runs.
  await page.getByTestId(subscriptionsIds.action('end')).click();
  const dialog = page.getByTestId(subscriptionsIds.endDialog);
  await expect(dialog).toContainText('The minimum term runs until');
  await expect(page.getByRole('radio', { name: /At the end of the minimum term/ })).toBeChecked();
  await pickFromMenu(
    page,
    subscriptionsIds.endReasonCode,
    page.getByRole('option', { name: 'Too expensive' }),
  );
  await page.getByTestId(subscriptionsIds.endReason).fill('Found a cheaper offer');
  await screenshot(page, 'subscription-end-01-dialog');
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'subscription-end-02-dialog-phone');
  await page.setViewportSize(desktop);
  await page.getByTestId(subscriptionsIds.endConfirm).click();
  await expect(toasts(page).filter({ hasText: SUBSCRIPTION_END_TEXTS.endScheduled })).toBeVisible();

  // Scheduled: still active, the notice says when and why; the timeline has it, with who.
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  const notice = page.getByTestId(subscriptionsIds.scheduledEnd);
  await expect(notice).toContainText('Too expensive: Found a cheaper offer');
  const scheduled = timeline.getByTestId(subscriptionsIds.timelineEntry('end_scheduled'));
  await expect(scheduled).toContainText('Too expensive: Found a cheaper offer');
  await expect(scheduled).not.toContainText('Rentloop'); // a person asked for it
  await screenshot(page, 'subscription-end-03-scheduled');

  // Withdrawn: the notice goes, the timeline keeps both.
  await page.getByTestId(subscriptionsIds.withdrawEnd).click();
  await expect(toasts(page).filter({ hasText: SUBSCRIPTION_END_TEXTS.endWithdrawn })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('end_withdrawn'))).toBeVisible();

  // Ended now with "Other" (its text is required), then reactivated: the end stays in the timeline.
  await page.getByTestId(subscriptionsIds.action('end')).click();
  await pickFromMenu(page, subscriptionsIds.endReasonCode, page.getByRole('option', { name: 'Other' }));
  await page.getByRole('radio', { name: 'Now' }).check();
  await page.getByTestId(subscriptionsIds.endConfirm).click();
  await expect(dialog).toContainText(SUBSCRIPTION_END_TEXTS.otherNeedsText);
  await page.getByTestId(subscriptionsIds.endReason).fill('Goes travelling for a year');
  await page.getByTestId(subscriptionsIds.endConfirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.subscriptionEnded })).toBeVisible();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'ended');
  await page.getByTestId(subscriptionsIds.action('reactivate')).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.subscriptionReactivated })).toBeVisible();
  await expect(detail.getByTestId('status-chip')).toHaveAttribute('data-status', 'active');
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('ended'))).toContainText(
    'Goes travelling for a year',
  );
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('reactivated'))).toBeVisible();
  await screenshot(page, 'subscription-end-04-timeline');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(timeline.getByTestId(subscriptionsIds.timelineEntry('reactivated'))).toBeVisible();
  await screenshot(page, 'subscription-end-05-timeline-phone');
});
