// The login screen, and the sign-in screens under axe at both viewports.
import { describe, expect, it } from 'vitest';
import {
  SIGNED_IN,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { loginInput, uniqueEmail } from './support/sign-in.ts';

// The server writes every message to its log at info level: the tests read the codes there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const open = (options: Parameters<typeof openPage>[2] = {}) =>
  openPage(product.browser, url(), options);

describe('the login screen', () => {
  it('asks for the phone number with a focused input that keeps focus, and a consent line', async () => {
    const { page, context } = await open();
    await page.goto(`${url()}/login`);
    await page.getByRole('heading', { level: 1, name: 'What’s your phone number?' }).waitFor();
    const input = loginInput(page);
    expect(await input.getAttribute('placeholder')).toBe('Enter phone number');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByText('calls, WhatsApp or SMS messages', { exact: false }).waitFor();
    expect(
      await page.getByText('from Tandoor Lane to the number you give', { exact: false }).count(),
    ).toBe(1);
    // A tap beside the input gives focus back to it; Tab still reaches the button.
    await page.getByRole('heading', { level: 1 }).click();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Continue');
    await context.close();
  });

  it('takes only digits of a phone number, at most 12, and still takes an e-mail address', async () => {
    const { page, context } = await open();
    await page.goto(`${url()}/login`);
    const input = loginInput(page);
    await input.pressSequentially('+44 (0)7700 900-123 45');
    expect(await input.inputValue()).toBe('440770090012');
    await input.fill('');
    await input.pressSequentially('Priya.Shah@example.com');
    expect(await input.inputValue()).toBe('Priya.Shah@example.com');
    await context.close();
  });

  it('says "Enter a valid input!" on the input for what is neither, without calling the server', async () => {
    const { page, context } = await open();
    let registers = 0;
    page.on('request', (request) => request.url().endsWith('/api/register') && registers++);
    await page.goto(`${url()}/login`);
    const input = loginInput(page);
    for (const typed of ['770090012', 'priya@example']) {
      await input.fill(typed);
      await input.press('Enter');
      const alert = page.getByRole('alert').filter({ hasText: 'Enter a valid input!' });
      await alert.waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      expect(await input.getAttribute('aria-describedby')).toContain(
        await alert.getAttribute('id'),
      );
      // Red, as product.md §5 says.
      expect(await alert.evaluate((el) => getComputedStyle(el).color)).toMatch(
        /^(rgb\(185, 28, 28\)|oklch\(0\.505 0\.213 27\.518\))$/,
      );
    }
    expect(registers).toBe(0);
    expect(page.url()).toBe(`${url()}/login`);
    await context.close();
  });

  it('sends a signed-in visitor on to /menu', async () => {
    const { page, context } = await open({ storage: SIGNED_IN });
    await page.goto(`${url()}/login`);
    await page.waitForURL(`${url()}/menu`);
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the sign-in screens (%s)', (name, viewport) => {
  it('have no axe violation, on their own or with their messages', async () => {
    const { page, context, problems } = await open({ viewport });
    await page.goto(`${url()}/login`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await screenshot(page, `login-${name}`);
    expect(await accessibilityViolations(page), '/login').toEqual([]);
    await loginInput(page).fill('123');
    await page.keyboard.press('Enter');
    await page.getByText('Enter a valid input!').waitFor();
    expect(await accessibilityViolations(page), '/login with its message').toEqual([]);

    const email = uniqueEmail(`axe-${name}`);
    await loginInput(page).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/verification`);
    await page
      .getByRole('heading', { level: 1, name: 'Enter the 4-digit code sent to you at:' })
      .waitFor();
    await screenshot(page, `verification-${name}`);
    expect(await accessibilityViolations(page), '/verification').toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Enter all 4 digits of the code.').waitFor();
    await screenshot(page, `verification-incomplete-${name}`);
    expect(await accessibilityViolations(page), '/verification with its message').toEqual([]);
    // Nothing overflows sideways at 375 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
