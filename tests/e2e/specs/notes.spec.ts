import { expect, test } from '../fixtures.ts';
import {
  callApi,
  confirmDialogIds,
  customersIds,
  MESSAGES,
  notesIds,
  screenshot,
  signInToOwnCompany,
  toasts,
  uniqueEmail,
} from '../helpers.ts';

test('staff add a note to a customer, edit it and delete it; a colleague’s note is not theirs to change', async ({
  page,
}) => {
  const { company, user } = await signInToOwnCompany(page, 'user', '/cms/customers', 'Notes');
  const customer = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/customers`, {
    name: 'Nora Noted',
    email: uniqueEmail('noted'),
  });
  // Someone else's note (the operator's): shown, without Edit and Delete for this user.
  const theirs = await callApi<{ id: number }>(page, 'POST', `/api/${company.id}/rentloopdb/notes`, {
    entity: 'customer',
    entity_id: customer.id,
    text: 'Asked for a callback about the invoice.',
  });

  await page.goto(`/cms/customers/${customer.id}`);
  await expect(page.getByTestId(customersIds.detailName)).toHaveText('Nora Noted');
  const card = page.getByTestId(notesIds.card);
  await expect(card.getByRole('heading', { name: 'Notes' })).toBeVisible();
  await expect(page.getByTestId(notesIds.text(theirs.id))).toHaveText(
    'Asked for a callback about the invoice.',
  );
  await expect(page.getByTestId(notesIds.edit(theirs.id))).toHaveCount(0);
  await expect(page.getByTestId(notesIds.delete(theirs.id))).toHaveCount(0);

  // An empty note is refused before it is sent.
  await page.getByTestId(notesIds.add).click();
  await expect(card.getByText(MESSAGES.required)).toBeVisible();

  // Add a multi-line note: it comes first, with its author and time.
  const field = card.getByRole('textbox', { name: 'New note' });
  await field.fill('Called on Monday.\nWill return the drill on Friday.');
  await page.getByTestId(notesIds.add).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.noteCreated })).toBeVisible();
  await expect(field).toHaveValue('');
  const items = page.getByTestId(notesIds.list).locator('> li');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Called on Monday.');
  await expect(items.first()).toContainText(user.name);
  await expect(items.first()).toContainText(/\d{4}, \d\d:\d\d/);
  await screenshot(page, 'notes-01-added');

  // Edit it in place.
  const mine = Number((await items.first().getAttribute('data-testid'))?.replace('note-', ''));
  await page.getByTestId(notesIds.edit(mine)).click();
  const editField = page.getByTestId(notesIds.editForm(mine)).getByRole('textbox', { name: 'Note' });
  await editField.fill('Called on Monday.\nThe drill comes back on Saturday instead.');
  await screenshot(page, 'notes-02-editing');
  await page.getByTestId(notesIds.save(mine)).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.noteUpdated })).toBeVisible();
  await expect(page.getByTestId(notesIds.text(mine))).toHaveText(
    'Called on Monday.\nThe drill comes back on Saturday instead.',
  );
  await expect(items.first()).toContainText('edited');

  // Delete it, after the confirmation.
  await page.getByTestId(notesIds.delete(mine)).click();
  const dialog = page.getByTestId(confirmDialogIds.dialog);
  await expect(dialog).toContainText('Delete this note?');
  await screenshot(page, 'notes-03-confirm-delete');
  await page.getByTestId(confirmDialogIds.confirm).click();
  await expect(toasts(page).filter({ hasText: MESSAGES.noteDeleted })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(notesIds.note(mine))).toHaveCount(0);
  await expect(items).toHaveCount(1);
  await screenshot(page, 'notes-04-deleted');
});
