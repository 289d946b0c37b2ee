import { expect, test } from './test.ts';

test('the contact form: from the footer, field errors, then the message is sent and confirmed', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Send us a message' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Message is required')).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Karim Nassar');
  await page.getByRole('textbox', { name: 'Email' }).fill('karim@example.com');
  await page.getByRole('textbox', { name: 'Subject' }).fill('Bulk order');
  await page.getByRole('textbox', { name: 'Message' }).fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();

  await page.getByRole('textbox', { name: 'Message' }).fill('Do you sell ESP32 boards by the hundred for a school?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, Karim!' })).toBeVisible();
  await expect(page.getByText('karim@example.com')).toBeVisible();
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
});
