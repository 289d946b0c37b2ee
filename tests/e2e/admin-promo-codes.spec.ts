import { uniqueStamp } from './promo-helpers.ts';
import { expect, type Page, test } from './test.ts';

/**
 * Issue 21, the admin's side of promo codes: create a 10 % code, edit it, find it in the list by
 * status; import a small CSV whose bad row the preview names; export the filtered list as a file;
 * delete the code. Every code carries a stamp of this test's own (both projects share the server).
 */

const main = (page: Page) => page.getByRole('main');

/** The list narrowed to this test's codes (the search box is debounced: wait for the URL). */
async function searchList(page: Page, text: string) {
  await main(page).getByRole('searchbox', { name: 'Search promo codes' }).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

test('an admin creates, edits, filters, imports, exports and deletes promo codes', async ({ page, signInAsAdmin }) => {
  test.slow();
  const stamp = uniqueStamp();
  const code = `TEN-${stamp}`;
  await signInAsAdmin();
  await page.goto('/admin/promo-codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();

  // Create: the code is upper-cased as typed; the contract's rules are checked before sending.
  await main(page).getByRole('link', { name: 'New code' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New promo code' })).toBeVisible();
  const codeField = page.getByRole('textbox', { name: 'Code' });
  await codeField.fill(code.toLowerCase());
  await expect(codeField).toHaveValue(code);
  await page.getByRole('textbox', { name: 'Percent off' }).fill('150');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByText('A percentage cannot be more than 100')).toBeVisible();
  await page.getByRole('textbox', { name: 'Percent off' }).fill('10');
  await page.getByRole('textbox', { name: /^Description/ }).fill('E2E ten percent');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${code}` })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/promo-codes\/[0-9a-f-]{36}\/edit$/);

  // Edit: a usage limit of 50.
  await page.getByRole('textbox', { name: /^Total uses/ }).fill('50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();

  // The list, filtered by status: active shows it; inactive does not. The link is followed from the
  // keyboard: on a phone the "saved" toast sits over it at the top, and a pointer resting on a toast
  // keeps it open (sonner pauses it), so a click could wait for ever (a fresh-clone run timed out).
  await page.getByRole('link', { name: 'All promo codes' }).press('Enter');
  await searchList(page, stamp);
  await main(page).getByRole('combobox', { name: 'Status' }).selectOption('active');
  await expect(page).toHaveURL(/status=active/);
  await expect(main(page).getByRole('link', { name: code, exact: true })).toBeVisible();
  await expect(main(page).getByText('0 / 50')).toBeVisible();
  // One 10 % code: the search's own list, not the unfiltered one still shown while it loads.
  await expect(main(page).getByText('10 %', { exact: true })).toHaveCount(1);
  await main(page).getByRole('combobox', { name: 'Status' }).selectOption('inactive');
  await expect(main(page).getByText('No promo codes match these filters.')).toBeVisible();
  await main(page).getByRole('combobox', { name: 'Status' }).selectOption('');

  // Import: three rows, the last one bad. The dry run names it; nothing is written until confirmed.
  await main(page).getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import promo codes' });
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'codes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'code,discount_type,discount_value,applies_to,description,product_skus,max_uses,start_date,end_date,is_active',
        `IMP1-${stamp},percentage,15,order,Imported one,,10,,,true`,
        `IMP2-${stamp},fixed,5,order,Imported two,,0,,,yes`,
        `IMP3-${stamp},percentage,150,order,Too much,,0,,,true`,
      ].join('\n'),
    ),
  });
  await dialog.getByRole('button', { name: 'Check file' }).click();
  const preview = dialog.getByRole('region', { name: 'Check result' });
  await expect(preview).toContainText('The file has 3 rows. Nothing is saved yet.');
  const errorRows = dialog.getByRole('table', { name: 'Rows with errors' }).locator('tbody tr');
  await expect(errorRows).toHaveCount(1);
  await expect(errorRows.first()).toContainText('4');
  await expect(errorRows.first()).toContainText('100');
  await dialog.getByRole('button', { name: 'Import 2 codes' }).click();
  await expect(dialog.getByRole('region', { name: 'Import result' })).toContainText('Imported 2 codes.');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole('link', { name: `IMP1-${stamp}`, exact: true })).toBeVisible();
  await expect(main(page).getByRole('link', { name: `IMP3-${stamp}`, exact: true })).toHaveCount(0);

  // The template, from the header.
  const template = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download template' }).click();
  expect((await template).suggestedFilename()).toBe('promo-codes-template.csv');

  // Export: the filtered list as a file named for the shop's date.
  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^promo-codes-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString('utf8');
  expect(csv).toContain(code);
  expect(csv).toContain(`IMP2-${stamp}`);

  // Delete: asked first, then gone from the list.
  await main(page)
    .getByRole('button', { name: `Delete ${code}` })
    .click();
  const confirm = page.getByRole('dialog', { name: `Delete ${code}?` });
  await confirm.getByRole('button', { name: 'Delete code' }).click();
  await expect(page.getByText(`${code} deleted`)).toBeVisible();
  await expect(main(page).getByRole('link', { name: code, exact: true })).toHaveCount(0);
});
