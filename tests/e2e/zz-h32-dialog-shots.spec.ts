// Throwaway (not committed): screenshots of the shared category dialogs at 390 and 1280 px.
import { expect, test } from './test.ts';

for (const width of [390, 1280]) {
  test(`category dialogs at ${width} px`, async ({ page, signInAsAdmin }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await signInAsAdmin();
    await page.goto('/admin/categories');
    await page.getByRole('button', { name: 'New category' }).first().click();
    const create = page.getByRole('dialog', { name: 'New category' });
    await expect(create).toBeVisible();
    await page.screenshot({ path: `/tmp/h32-shots/catalogue-new-${width}.png` });
    await create.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /^Delete / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.screenshot({ path: `/tmp/h32-shots/catalogue-delete-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/admin/blog/categories');
    await page.getByRole('button', { name: 'New category' }).first().click();
    const blog = page.getByRole('dialog', { name: 'New blog category' });
    await expect(blog).toBeVisible();
    await page.screenshot({ path: `/tmp/h32-shots/blog-new-${width}.png` });
  });
}
