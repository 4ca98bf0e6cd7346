/**
 * The repair questionnaire editor (`/cms/questions`, spec 02 §2, §4, §8): an admin of a new company
 * opens the default questionnaire, moves a question, deletes a parent and sees its children's links
 * cleared, fixes a problem the rules name, saves, reloads and finds it kept. Then on a phone.
 * Screenshots `repair-questions-*.png` at 1440 and 390 wide.
 */
import { REPAIR_QUESTION_TEXTS } from '../../../packages/domain/src/repair-questions-rules.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  confirmDialogIds,
  repairQuestionsIds as ids,
  MESSAGES,
  screenshot,
  shellIds,
  signInToOwnCompany,
  toasts,
} from '../helpers.ts';

const PHONE = { width: 390, height: 844 };

/** The questions' names in the order the list shows them. */
const questionOrder = (page: Page) =>
  page
    .locator('[data-testid^="repair-questions-question-"]')
    .evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-testid')?.replace('repair-questions-question-', '')),
    );

test('an admin moves a question, deletes a parent (its children lose their link), saves and finds it kept', async ({
  page,
}) => {
  await signInToOwnCompany(page, 'admin', '/cms/questions', 'Questions');
  await expect(page.getByTestId(ids.version)).toHaveText(
    'The default questionnaire: your company has not saved its own yet.',
  );
  // In the drawer's Admins section (spec 01 §2).
  await expect(page.getByTestId(shellIds.drawerItem('cms-questions'))).toBeVisible();
  await expect(page.getByTestId(ids.pageItem(2))).toContainText('SUMMARY');
  await expect(page.getByTestId(ids.questionItem('has_missing_parts'))).toContainText(
    'when is_complete is no',
  );
  await screenshot(page, 'repair-questions-01-default');

  // Move "Can the product be rented again?" above the working time.
  await page.getByTestId(ids.questionItem('rentable_again')).click();
  await expect(page.getByTestId(ids.field('text'))).toHaveValue('Can the product be rented again?');
  await page.getByTestId(ids.moveUp).click();
  // Polled: the list is read as drawn after the move, not the moment the click returns.
  await expect
    .poll(async () => (await questionOrder(page)).slice(5, 9))
    .toEqual(['rentable_again', 'repair_duration', 'sell_for_parts', 'delete_from_stock']);
  await expect(page.getByTestId(ids.questionItem('rentable_again'))).toContainText('1.');

  // Delete "Is the product complete?": the confirmation names the children that lose their link.
  await page.getByTestId(ids.questionItem('is_complete')).click();
  await page.getByTestId(ids.remove).click();
  const confirm = page.getByTestId(confirmDialogIds.dialog);
  await expect(confirm).toContainText('Delete the question “is_complete”?');
  await expect(confirm).toContainText(
    '“has_missing_parts” and “has_damaged_parts” lose their parent link and link description.',
  );
  await screenshot(page, 'repair-questions-02-confirm-delete');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(page.getByTestId(ids.notice)).toHaveText(
    'Deleted the question “is_complete”. The parent link and link description of “has_missing_parts” and “has_damaged_parts” were cleared.',
  );
  await expect(page.getByTestId(ids.questionItem('is_complete'))).toHaveCount(0);
  for (const child of ['has_missing_parts', 'has_damaged_parts']) {
    const item = page.getByTestId(ids.questionItem(child));
    await expect(item.getByTestId(ids.linkCleared)).toBeVisible();
    await expect(item).not.toContainText('when is_complete');
  }
  // Their grandchildren keep theirs; positions start from 1 again.
  await expect(page.getByTestId(ids.questionItem('missing_parts'))).toContainText(
    'when has_missing_parts is yes',
  );
  await expect(page.getByTestId(ids.questionItem('has_missing_parts'))).toContainText('1.');
  await page.getByTestId(ids.questionItem('has_missing_parts')).click();
  await expect(page.getByTestId(ids.field('parent.name'))).toHaveValue('');
  await expect(page.getByTestId(ids.editor)).toContainText('None: always asked');
  await expect(page.getByTestId(ids.unsaved)).toBeVisible();
  await screenshot(page, 'repair-questions-03-links-cleared');

  // The labour cost without a rate: the rules name the field, and Save sends nothing.
  await page.getByTestId(ids.questionItem('duration_cost')).click();
  await expect(page.getByTestId(ids.field('cost_rate'))).toHaveValue('40.00');
  await page.getByTestId(ids.field('cost_rate')).fill('');
  await page.getByTestId(ids.save).click();
  await expect(page.getByTestId(ids.problems)).toContainText(
    `Page 3 “Summary” › duration_cost · Rate per hour: ${REPAIR_QUESTION_TEXTS.questionCostRateMissing}`,
  );
  await expect(page.getByText(REPAIR_QUESTION_TEXTS.questionCostRateMissing).first()).toBeVisible();
  // The whole page from its top (the failed save scrolled to the field at fault).
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'repair-questions-04-problem');
  await page.getByTestId(ids.field('cost_rate')).fill('45');
  await expect(page.getByTestId(ids.problems)).toHaveCount(0);
  await page.getByTestId(ids.field('text')).fill('Labour');

  await page.getByTestId(ids.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.questionnaireUpdated })).toBeVisible();
  await expect(page.getByTestId(ids.version)).toContainText('Version 1, saved');
  await expect(page.getByTestId(ids.unsaved)).toHaveCount(0);
  await screenshot(page, 'repair-questions-05-saved');

  // Kept: after a reload the order, the deletion, the cleared links and the rate are the saved ones.
  await page.reload();
  await expect(page.getByTestId(ids.version)).toContainText('Version 1, saved');
  // Polled: the questions are read once the reloaded page has drawn them, not as it starts to.
  await expect
    .poll(() => questionOrder(page))
    .toEqual([
      'has_missing_parts',
      'missing_parts',
      'has_damaged_parts',
      'damaged_parts',
      'rentable_again',
      'repair_duration',
      'sell_for_parts',
      'delete_from_stock',
      'duration_cost',
      'replaced_parts_cost',
      'repaired_parts_cost',
      'total_cost',
    ]);
  await expect(page.getByTestId(ids.questionItem('has_missing_parts'))).not.toContainText('when');
  await expect(
    page.getByTestId(ids.questionItem('has_missing_parts')).getByTestId(ids.linkCleared),
  ).toHaveCount(0);
  await page.getByTestId(ids.questionItem('duration_cost')).click();
  await expect(page.getByTestId(ids.field('cost_rate'))).toHaveValue('45.00');
  await expect(page.getByTestId(ids.field('text'))).toHaveValue('Labour');
});

test('on a phone: the fields follow the list, a new question is added and saved; a failed load says so', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInToOwnCompany(page, 'owner', '/cms/questions', 'Questions phone');
  await expect(page.getByTestId(ids.tree)).toBeVisible();
  await screenshot(page, 'repair-questions-06-phone');

  // A new question on the Repair page, after "Sell it for parts?", asked when its answer is yes.
  await page.getByTestId(ids.questionItem('sell_for_parts')).click();
  await page.getByTestId(ids.addQuestion).click();
  await expect(page.getByTestId(ids.questionItem('question_1'))).toContainText('4.');
  await page.getByTestId(ids.field('text')).fill('Which parts can be sold?');
  await page.getByTestId(ids.field('parent.name')).locator('..').click();
  await page.getByTestId(ids.option('parent', 'sell_for_parts')).click();
  await expect(page.getByTestId(ids.field('parent.conditional_value'))).toHaveValue('yes');
  await page.getByTestId(ids.field('link_description')).fill('Asked when it is sold for parts.');
  await expect(page.getByTestId(ids.questionItem('question_1'))).toContainText('when sell_for_parts is yes');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'repair-questions-07-phone-new-question');
  await page.getByTestId(ids.save).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.questionnaireUpdated })).toBeVisible();
  await expect(page.getByTestId(ids.version)).toContainText('Version 1, saved');

  await page.route('**/rentloopdb/repairs-questions', (route) =>
    route.fulfill({ status: 500, json: { status: false, message: 'Internal Server Error', data: null } }),
  );
  await page.reload();
  await expect(page.getByTestId(ids.fetchError)).toContainText(
    MESSAGES.questionnaireFetchFailed('Internal Server Error'),
  );
  await screenshot(page, 'repair-questions-08-phone-fetch-failed');
});
