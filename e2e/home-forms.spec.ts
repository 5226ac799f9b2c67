import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();
async function homeForms() {
  const opened = await openPage(product.browser, product.server.url);
  await opened.page.goto(`${product.server.url}/`);
  await opened.page.getByRole('heading', { name: 'Contact us' }).scrollIntoViewIfNeeded();
  return opened;
}

describe('the newsletter form', () => {
  it('subscribes with a good address, says so, and empties the field', async () => {
    const { page, context } = await homeForms();
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    await email.fill('Priya.Shah@Example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' }).waitFor();
    expect(await email.inputValue()).toBe('');
    // Subscribing again is not an error.
    await email.fill('priya.shah@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByText('Thank you for subscribing!').count()).toBe(2);
    await context.close();
  });

  it('refuses a bad address on the field, without calling the server', async () => {
    const { page, context } = await homeForms();
    let calls = 0;
    page.on('request', (request) => request.url().endsWith('/api/subscribe') && calls++);
    await page.getByRole('textbox', { name: 'Email' }).first().fill('not-an-address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Enter a valid email').waitFor();
    expect(
      await page.getByRole('textbox', { name: 'Email' }).first().getAttribute('aria-invalid'),
    ).toBe('true');
    expect(calls).toBe(0);
    await context.close();
  });

  it('shows the server’s message when the visitor is rate-limited', async () => {
    const { page, context } = await homeForms();
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    // Earlier tests in this file used two of the five subscriptions allowed per 10 minutes.
    for (let i = 0; i < 3; i++) {
      await email.fill(`limit-${i}@example.com`);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect.poll(() => email.inputValue()).toBe('');
    }
    await email.fill('one-too-many@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Too many requests\. Please try again in \d+ seconds\./ })
      .waitFor();
    await context.close();
  });
});

describe('the contact form', () => {
  it('names every missing field', async () => {
    const { page, context } = await homeForms();
    await page.getByRole('button', { name: 'Send message' }).click();
    for (const message of ['Name is required', 'Email is required', 'Message is required']) {
      await page.getByText(message).waitFor();
    }
    await page.getByLabel('Phone (optional)').fill('abc');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter a valid phone number').waitFor();
    await context.close();
  });

  it('sends a good request and shows the shop’s answer', async () => {
    const { page, context } = await homeForms();
    await page.getByLabel('Name').fill('Priya Shah');
    await page.getByRole('textbox', { name: 'Email' }).last().fill('priya@example.com');
    await page.getByLabel('Phone (optional)').fill('07700 900123');
    await page.getByLabel('Message').fill('Do you cater for a party of 30 on a Saturday?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Thank you, we will be in touch soon.' })
      .waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('');
    await context.close();
  });
});
