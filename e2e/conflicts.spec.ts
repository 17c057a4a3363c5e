import { expect, test, type Browser, type Page } from '@playwright/test';
import { ADMIN, fillLogin, headerTitle, settled } from './helpers';

/** The content editor: may change the legal pages, as the owner may. */
const CONTENT = { email: 'content@example.com', password: 'content1234' };

const unique = `E2E ${Date.now().toString(36)}`;
const editor = (page: Page) => page.locator('.ql-editor');

/** A browser of its own, signed in as `who`, on the editor's About App tab. */
async function onAboutApp(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await fillLogin(page, who.email, who.password);
  await expect(page).toHaveURL(/\/admin\//);
  await expect(headerTitle(page)).toBeVisible();
  await page.goto('/admin/text-editor');
  await page.getByRole('tab', { name: 'About App' }).click();
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  return { context, page };
}

/** Types a line at the end of the page's text. */
async function typeLine(page: Page, line: string) {
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(line);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
}

/** submit, answering "Save as draft?" when the page is published. */
async function submit(page: Page) {
  await page.getByRole('button', { name: 'submit' }).click();
  const ask = page.getByRole('dialog', { name: 'Save as draft?' });
  if (await ask.isVisible({ timeout: 1500 }).catch(() => false)) {
    await (await settled(ask)).getByRole('button', { name: 'Save as draft' }).click();
  }
}

test("two admins edit the same legal page: the second sees the first one's change and keeps their own text", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const first = await onAboutApp(browser, ADMIN);
  const second = await onAboutApp(browser, CONTENT);
  const mine = `Line of the content editor ${unique}`;
  const theirs = `Line of the owner ${unique}`;

  // Both read the page; the second types first, the first saves first.
  await typeLine(second.page, mine);
  await typeLine(first.page, theirs);
  await submit(first.page);
  await expect(first.page.getByText('Created successfully')).toBeVisible();

  await submit(second.page);
  const notice = second.page.getByRole('alert').filter({ hasText: 'Changed by someone else' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    /Ada Admin changed this page at \d\d:\d\d \(Content edited\)\. Reload to see it\./,
  );
  await expect(notice.getByLabel('Their changes')).toContainText('Ada Admin');
  // Nothing of theirs replaced the text typed here.
  await expect(editor(second.page)).toContainText(mine);
  await expect(editor(second.page)).not.toContainText(theirs);

  // Save mine anyway: the page now holds this admin's text, and the trail says it overrode.
  await notice.getByRole('button', { name: 'Save mine anyway' }).click();
  await expect(second.page.getByText('Created successfully')).toBeVisible();
  await expect(notice).toBeHidden();
  await first.page.reload();
  await first.page.getByRole('tab', { name: 'About App' }).click();
  await expect(editor(first.page)).toContainText(mine, { timeout: 20_000 });

  await first.context.close();
  await second.context.close();
});
