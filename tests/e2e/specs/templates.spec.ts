import { USERS } from '../credentials.ts';
import { expect, type Page, test } from '../fixtures.ts';
import {
  callApi,
  MESSAGES,
  screenshot,
  signInThroughApi,
  signInToOwnCompany,
  templatesIds,
  toasts,
  uniqueEmail,
  waitForMail,
} from '../helpers.ts';

const toast = (page: Page, text: string) => toasts(page).filter({ hasText: text }).first();
const canvas = (page: Page) => page.frameLocator('.gjs-frame');

test('a newcomer edits the German invitation in the visual editor, and the next invitation says it in German', async ({
  page,
}) => {
  test.slow();
  const { company, user } = await signInToOwnCompany(page, 'owner', '/cms/email-templates', 'Templates');
  // The company writes to its staff in German (Settings, Email: default language).
  await callApi(
    page,
    'PUT',
    `/api/companies/${company.id}/settings/email`,
    { sender_name: '', reply_to: null, bcc: null, default_language: 'de' },
    user.email,
  );

  await expect(page.getByRole('heading', { name: 'Email Templates' })).toBeVisible();
  await expect(page.getByTestId(templatesIds.row('invitation'))).toContainText('Invitation');
  await expect(page.getByTestId(templatesIds.row('password_reset'))).toHaveCount(0);
  await screenshot(page, 'templates-01-list');

  await page.getByTestId(templatesIds.locale('invitation', 'de')).click();
  await expect(page).toHaveURL(/\/cms\/email-templates\/invitation\/de\/edit$/);
  await expect(page.getByTestId(templatesIds.origin)).toHaveText('Default text');
  const heading = canvas(page).locator('h1');
  await expect(heading).toHaveText('Willkommen bei {{company.name}}');

  // Edit the heading in place: double-click, replace its text.
  await heading.dblclick();
  // The editor makes the heading editable a moment after the double-click: keys typed before go nowhere.
  await expect(heading).toHaveAttribute('contenteditable', 'true');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Servus im Team von {{company.name}}');
  await expect(heading).toHaveText('Servus im Team von {{company.name}}');
  // The subject, with a placeholder from the list put at its caret.
  await page.getByTestId(templatesIds.subject).fill('Servus! Einladung zu ');
  await page.getByTestId(templatesIds.placeholder('company.name')).click();
  await expect(page.getByTestId(templatesIds.subject)).toHaveValue('Servus! Einladung zu {{company.name}}');
  await screenshot(page, 'templates-02-editor');

  // Unsaved work survives a reload: the draft is offered back.
  await page.reload();
  await expect(page.getByTestId(templatesIds.draftAlert)).toBeVisible();
  await page.getByTestId(templatesIds.restoreDraft).click();
  await expect(page.getByTestId(templatesIds.subject)).toHaveValue('Servus! Einladung zu {{company.name}}');
  await expect(canvas(page).locator('h1')).toHaveText('Servus im Team von {{company.name}}');

  // The live preview fills the placeholders from the company.
  await page.getByTestId(templatesIds.previewTab).click();
  await expect(page.getByTestId(templatesIds.preview)).toContainText(`Servus! Einladung zu ${company.name}`);
  await expect(page.frameLocator(`[data-testid="${templatesIds.previewFrame}"]`).locator('h1')).toHaveText(
    `Servus im Team von ${company.name}`,
  );
  await screenshot(page, 'templates-03-preview');

  await page.getByTestId(templatesIds.save).click();
  await expect(toast(page, MESSAGES.templateSaved)).toBeVisible();
  await expect(page.getByTestId(templatesIds.origin)).toHaveText('Own text');

  // The next invitation goes out through SMTP with the edited German text.
  const email = uniqueEmail('eingeladen');
  await callApi(page, 'PUT', '/api/auth/users/roles', { email, id: company.id, role: 'user' }, user.email);
  const mail = await waitForMail(email, /Servus!/);
  expect(mail.subject).toBe(`Servus! Einladung zu ${company.name}`);
  expect(mail.html).toContain(`Servus im Team von ${company.name}`);

  // The list marks the language as the company's own; going back to the default asks first.
  await page.goto('/cms/email-templates');
  await expect(page.getByTestId(templatesIds.locale('invitation', 'de'))).toContainText('Own text');
  await page.getByTestId(templatesIds.locale('invitation', 'de')).click();
  await page.getByTestId(templatesIds.reset).click();
  await page.getByRole('button', { name: 'Use the default' }).last().click();
  await expect(toast(page, MESSAGES.templateDeleted)).toBeVisible();
  await expect(page.getByTestId(templatesIds.origin)).toHaveText('Default text');
});

test('an operator sees every default template and opens one in the editor', async ({ page }) => {
  await signInThroughApi(page, USERS.operator, '/super/default-email-templates');
  await expect(page.getByRole('heading', { name: 'Default Email Templates' })).toBeVisible();
  await expect(page.getByTestId(templatesIds.row('password_reset'))).toContainText('Sent by the platform');
  await expect(page.getByTestId(templatesIds.row('invoice_document'))).toContainText('Invoice');
  await screenshot(page, 'templates-04-defaults');
  await page.getByTestId(templatesIds.locale('payment_failed_3', 'nl')).click();
  // The editor (GrapesJS, the app's largest lazy chunk) loads first: over 20 s was seen on a busy 2-core run.
  await expect(page.getByTestId(templatesIds.subject)).toHaveValue(/Laatste herinnering/, {
    timeout: 60_000,
  });
  await expect(canvas(page).locator('h1')).toHaveText('Laatste herinnering');
  await screenshot(page, 'templates-05-default-editor');
});
