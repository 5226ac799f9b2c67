import { describe, expect, it } from 'vitest';
import { openHomeForms } from './support/home.ts';
import { useProduct } from './support/product.ts';

const product = useProduct();
const homeForms = () => openHomeForms(product.browser, product.server.url);

describe('the newsletter form', () => {
  it('subscribes with a good address, says so, and empties the field', async () => {
    const { page, context } = await homeForms();
    const email = page.getByRole('textbox', { name: 'Email' }).first();
    await email.fill('Priya.Shah@Example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for subscribing!' }).waitFor();
    expect(await email.inputValue()).toBe('');
    // Subscribing again is not an error: the server says yes again, and the same thanks is not
    // stacked under the one still on screen (issue 20: one toast for the same words).
    await email.fill('priya.shah@example.com');
    const again = page.waitForResponse((r) => r.url().endsWith('/api/subscribe'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await again).status()).toBe(200);
    await expect.poll(() => email.inputValue()).toBe('');
    expect(await page.getByText('Thank you for subscribing!').count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
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
