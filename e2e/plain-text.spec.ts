import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Plain text through the screens: what an admin types in admin notes, FAQ questions and answers
 * and a name is what the screen shows after save and reload, whatever characters it holds; and
 * the legal-page editor saves ordinary spaces.
 */
test.describe.configure({ timeout: 120_000 });

const unique = Date.now().toString(36);
const TYPED = `Allergic to <peanuts> & "shellfish" — it's 🎉 שלום עליכם ${unique}`;
/** Markup characters, Hebrew, Arabic and emoji, on several lines: 42 UTF-16 units a line. */
const LINE = '<b>&amp;</b> "q" \'s\' שלום مرحبا 👨‍👩‍👧 \n';
const long = (lines: number) => `${LINE.repeat(lines)}${unique}`;
/** About 10 kB (FAQ answers hold up to 10,000 characters, notes 5,000). */
const LONG = long(230);

async function token(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

test('admin notes: typed text and 10 kB come back the same after save and reload', async ({
  page,
}) => {
  await signIn(page);
  const res = await page.request.get('/api/v1/admin/bookings?limit=1', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  const bookingId = ((await res.json()) as { data: { _id: string }[] }).data[0]._id;
  const notes = page.getByLabel('Admin Notes');
  for (const text of [TYPED, long(115)]) {
    await page.goto(`/admin/bookings?booking=${bookingId}`);
    await notes.fill('');
    if (text === TYPED) await notes.pressSequentially(text);
    else await notes.fill(text);
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await page.reload();
    await expect(notes).toHaveValue(text);
  }
});

test('FAQs: typed question and a 10 kB answer come back the same after save and reload', async ({
  page,
}) => {
  await signIn(page, '/admin/text-editor');
  await page.getByRole('tab', { name: 'FAQs' }).click();
  const question = page.getByPlaceholder('Add Question');
  const answer = page.getByPlaceholder('Add Answer');
  await expect(question).toBeEnabled();
  const cards = page.getByRole('list', { name: 'FAQs' }).getByRole('listitem');
  const before = await cards.count();
  await question.pressSequentially(`Can I bring <pets>? ${TYPED}`);
  await answer.fill(LONG);
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  await page.getByRole('button', { name: 'submit' }).click();
  await expect(page.getByText('Created successfully')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'FAQs' }).click();
  await expect(cards).toHaveCount(before + 1);
  await page.getByRole('button', { name: `Edit FAQ ${before + 1}` }).click();
  await expect(question).toHaveValue(`Can I bring <pets>? ${TYPED}`);
  await expect(answer).toHaveValue(LONG);
  await expect(cards.last()).toContainText(`Can I bring <pets>? ${TYPED}`);
  // Leave the list as it was.
  await page.getByRole('button', { name: `Delete FAQ ${before + 1}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete FAQ' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('button', { name: 'submit' }).click();
  await expect(page.getByText('Created successfully')).toBeVisible();
});

test('a name keeps its markup characters, quotes, emoji and RTL text', async ({ page }) => {
  await signIn(page, '/admin/allergies');
  const name = `<i>Nuts</i> & "seeds" 🌰 אגוזים ${unique}`;
  await page.getByRole('button', { name: '+ Add Allergy' }).click();
  const add = page.getByRole('dialog', { name: 'Add Allergy' });
  await add.getByLabel('Name').pressSequentially(name);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Allergy created successfully')).toBeVisible();
  await page.reload();
  await page.getByPlaceholder(/Search/).fill(unique);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
});

test('the legal-page editor saves ordinary spaces (U+00A0 only between spaces typed in a row)', async ({
  page,
}) => {
  await signIn(page, '/admin/text-editor');
  const editor = page.locator('.ql-editor');
  await page.getByRole('tab', { name: 'About App' }).click();
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(`About us ${unique}, two  spaces.`);
  const saved = page.waitForRequest(
    (req) => req.method() === 'PUT' && req.url().includes('/static'),
  );
  await page.getByRole('button', { name: 'submit' }).click();
  const sent = (await saved).postDataJSON() as { content: string };
  expect(sent.content).toContain(`About us ${unique}, two\u00a0 spaces.`);
  await expect(page.getByText('Created successfully')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'About App' }).click();
  await expect(editor).toContainText(`About us ${unique}, two`);
  const res = await page.request.get('/api/v1/static?slug=about-us', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  const stored = ((await res.json()) as { data: { content: string }[] }).data[0].content;
  expect(stored).toContain(`<p>About us ${unique}, two\u00a0 spaces.</p>`);
});
