import { expect, test, type Page } from '@playwright/test';
import { settled, signIn } from './helpers';

/** Only this spec touches the editor pages and the items it creates (unique titles). */
const unique = `E2E ${Date.now().toString(36)}`;

// Each test walks a whole flow with several saves and reloads.
test.describe.configure({ timeout: 120_000 });

const editor = (page: Page) => page.locator('.ql-editor');
const submit = (page: Page) => page.getByRole('button', { name: 'submit' });

/** Records every dialog (alert, confirm, prompt) the page opens: none may appear. */
function watchDialogs(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Shows a tab of the editor screen (already open) and waits until it is editable. */
async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: tab }).click();
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
}

/** Answers the FAQ delete confirmation. */
async function confirmDelete(page: Page) {
  const dialog = await settled(page.getByRole('dialog', { name: 'Delete FAQ' }));
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
}

test('unsaved text asks before a tab switch, a screen change or a reload drops it', async ({
  page,
}) => {
  await signIn(page, '/admin/text-editor');
  await openTab(page, 'Terms & Conditions');
  await editor(page).click();
  await page.keyboard.type(`Draft ${unique}`);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // Tab switch: Keep editing stays with the text; Escape answers the same.
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await page.getByRole('tab', { name: 'Privacy Policy' }).click();
  await (await settled(ask)).getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(editor(page)).toContainText(`Draft ${unique}`);

  // Another screen through the sidebar: blocked until answered.
  await page.locator('aside').getByRole('menuitem', { name: 'Dashboard' }).click();
  await settled(ask);
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/text-editor/);

  // Closing or reloading the window: the browser asks.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.dismiss();
  });
  await page.reload({ timeout: 3000 }).catch(() => undefined);
  expect(asked).toBe('beforeunload');
  await expect(editor(page)).toContainText(`Draft ${unique}`);

  // Discard: the other tab opens and the typed text is gone.
  await page.getByRole('tab', { name: 'Privacy Policy' }).click();
  await (await settled(ask)).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await openTab(page, 'Terms & Conditions');
  await expect(editor(page)).not.toContainText(`Draft ${unique}`);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
});

test('content list: create, edit, publish, unpublish and delete an item', async ({ page }) => {
  await signIn(page, '/admin/content');
  await page.getByRole('button', { name: 'Create Content' }).click();
  const create = page.getByRole('dialog', { name: 'Create Content' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Please fill in all required fields')).toBeVisible();
  await create.getByLabel('Title').fill(`${unique} Item`);
  await create.getByLabel('Content').fill('<p>Hello <strong>world</strong></p>');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Content created successfully')).toBeVisible();

  await page.getByPlaceholder('Search by title...').fill(unique);
  const row = page.getByRole('row').filter({ hasText: `${unique} Item` });
  await expect(row).toContainText('Page');
  await expect(row).toContainText('Draft');
  const slug = `${unique.toLowerCase().replace(/ /g, '-')}-item`;
  await expect(row).toContainText(slug);

  // The same title again is refused with the spec's message.
  await page.getByRole('button', { name: 'Create Content' }).click();
  const again = page.getByRole('dialog', { name: 'Create Content' });
  await again.getByLabel('Title').fill(`${unique} item`);
  await again.getByLabel('Content').fill('x');
  await again.getByRole('button', { name: 'Create' }).click();
  await expect(
    page.getByText(
      'A content item with a similar title already exists. Please use a different title.',
    ),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Content' });
  await edit.getByLabel('Title').fill(`${unique} Item renamed`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Content updated successfully')).toBeVisible();
  const renamed = page.getByRole('row').filter({ hasText: `${unique} Item renamed` });
  await expect(renamed).toContainText(slug);

  await renamed.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Content published successfully')).toBeVisible();
  await expect(renamed).toContainText('Published');
  await renamed.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText('Content unpublished successfully')).toBeVisible();
  await expect(renamed).toContainText('Draft');

  await renamed.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Content' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${unique} Item renamed"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Content deleted successfully')).toBeVisible();
  await expect(page.getByText('No content items found')).toBeVisible();
});

test('privacy policy: bold text and a link survive save and reload', async ({ page }) => {
  await signIn(page, '/admin/text-editor');
  await expect(page.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(`Policy ${unique}. `);
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Bold part');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and ');
  // A link through the toolbar: select the word, press the link button, type the address.
  await page.keyboard.type('our site');
  for (let i = 0; i < 'our site'.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
  await page.locator('.ql-toolbar button.ql-link').click();
  const address = page.locator('.ql-tooltip input[type=text]');
  await address.fill('https://example.com/privacy');
  await address.press('Enter');
  await submit(page).click();
  await expect(page.getByText('Created successfully')).toBeVisible();

  await page.reload();
  await expect(editor(page)).toHaveAttribute('contenteditable', 'true');
  await expect(editor(page)).toContainText(`Policy ${unique}.`);
  await expect(editor(page).locator('strong')).toHaveText('Bold part');
  await expect(editor(page).locator('a[href="https://example.com/privacy"]')).toHaveText(
    'our site',
  );
});

test('code blocks are highlighted a second after typing, and keep their language on reload', async ({
  page,
}) => {
  await signIn(page, '/admin/text-editor');
  await openTab(page, 'Terms & Conditions');
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.locator('.ql-toolbar button.ql-code-block').click();
  // The languages offered are those highlighted, each once.
  await expect(page.locator('.ql-code-block-container select option')).toHaveText([
    'Plain',
    'Bash',
    'CSS',
    'HTML/XML',
    'JavaScript',
    'JSON',
    'SQL',
  ]);
  await page.locator('.ql-code-block-container select').selectOption('javascript');
  await page.keyboard.type(`const terms = "${unique}";`);
  // Highlighting runs on a 1000 ms timer after the last change (spec 02 §9).
  await expect(editor(page).locator('.hljs-keyword')).toHaveText('const');
  await expect(editor(page).locator('.hljs-string')).toHaveText(`"${unique}"`);
  await submit(page).click();
  await expect(page.getByText('Created successfully')).toBeVisible();

  await page.reload();
  await openTab(page, 'Terms & Conditions');
  await expect(page.locator('.ql-code-block-container select')).toHaveValue('javascript');
  await expect(editor(page).locator('.hljs-keyword')).toHaveText('const');
});

test('FAQs: add, edit and delete entries, saved across a reload', async ({ page }) => {
  await signIn(page, '/admin/text-editor');
  await page.getByRole('tab', { name: 'FAQs' }).click();
  const question = page.getByPlaceholder('Add Question');
  const answer = page.getByPlaceholder('Add Answer');
  await expect(question).toBeEnabled();
  const cards = page.getByRole('list', { name: 'FAQs' }).getByRole('listitem');
  const before = await cards.count();

  await question.fill(`First ${unique}?`);
  await answer.fill('First answer.');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  await question.fill(`Second ${unique}?`);
  await answer.fill('Second answer.');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(cards).toHaveCount(before + 2);

  await page.getByRole('button', { name: `Edit FAQ ${before + 1}` }).click();
  await expect(question).toHaveValue(`First ${unique}?`);
  await answer.fill('First answer, edited.');
  await page.getByRole('button', { name: 'Update FAQ' }).click();
  await page.getByRole('button', { name: `Delete FAQ ${before + 2}` }).click();
  await confirmDelete(page);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await submit(page).click();
  await expect(page.getByText('Created successfully')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'FAQs' }).click();
  await expect(cards).toHaveCount(before + 1);
  await expect(cards.last()).toContainText(`First ${unique}?`);
  await expect(cards.last()).toContainText('First answer, edited.');
  await expect(page.getByText(`Second ${unique}?`)).toHaveCount(0);

  await page.getByRole('button', { name: `Delete FAQ ${before + 1}` }).click();
  await confirmDelete(page);
  await submit(page).click();
  await expect(page.getByText('Created successfully')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'FAQs' }).click();
  await expect(cards).toHaveCount(before);
});

test('a pasted or stored script payload never runs, also after a reload', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await signIn(page, '/admin/text-editor');
  await openTab(page, 'About App');
  await editor(page).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.type(`About ${unique} `);
  // Paste HTML carrying handlers, a javascript: link and an svg.
  await editor(page).evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      'text/html',
      '<p>pasted <img src="x" onerror="alert(1)"><a href="javascript:alert(2)">bad link</a>' +
        '<svg onload="alert(3)"></svg><iframe src="javascript:alert(4)"></iframe></p>',
    );
    data.setData('text/plain', 'pasted');
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(editor(page)).toContainText('bad link');
  await submit(page).click();
  await expect(page.getByText('Created successfully')).toBeVisible();

  // The same kind of payload sent straight to the server (not through the editor) is cleaned too.
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const res = await page.request.put('/api/v1/static?slug=terms-and-conditions', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Terms & Conditions',
      status: 'draft',
      content: `<p>Terms ${unique}</p><img src=x onerror="alert(5)"><a href="javascript:alert(6)">t</a><script>alert(7)</script>`,
    },
  });
  expect(res.ok()).toBe(true);

  // Reloading then navigating at once would abort the session check; reload only.
  await page.reload();
  await openTab(page, 'About App');
  await expect(editor(page)).toContainText(`About ${unique}`);
  expect(await editor(page).innerHTML()).not.toMatch(/javascript:|onerror|<svg|<iframe/i);
  await openTab(page, 'Terms & Conditions');
  await expect(editor(page)).toContainText(`Terms ${unique}`);
  expect(await editor(page).innerHTML()).not.toMatch(/javascript:|onerror|<script/i);
  // Every image shown has loaded or failed, so an error handler left in would have run by now.
  await editor(page).evaluate((element) =>
    Promise.all(
      [...element.querySelectorAll('img')].map(
        (img) =>
          img.complete ||
          new Promise((done) => {
            img.addEventListener('load', done);
            img.addEventListener('error', done);
          }),
      ),
    ),
  );
  expect(dialogs).toEqual([]);
});
