// Signing in with a code: by e-mail and by phone, wrong and incomplete codes, Resend, Back,
// and a friend's referral code.
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  askForCode,
  codeBoxes,
  codeSentTo,
  loginInput,
  stored,
  typeCode,
  uniqueEmail,
  uniquePhone,
} from './support/sign-in.ts';

// The server writes every message to its log at info level: the tests read the codes there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const open = (options: Parameters<typeof openPage>[2] = {}) =>
  openPage(product.browser, url(), options);

describe('signing in', () => {
  it('by e-mail: the code from the message signs the customer in, and Sign Out signs out', async () => {
    const { page, context } = await open();
    const email = uniqueEmail('mail');
    await askForCode(page, url(), email.toUpperCase());
    // The address is kept as it is sent: lower case.
    expect(await stored(page, 'user')).toBe(email);
    await page
      .getByRole('heading', { level: 1, name: 'Enter the 4-digit code sent to you at:' })
      .waitFor();
    expect(await page.getByTestId('verification-contact').textContent()).toBe(email);
    expect(await codeBoxes(page).count()).toBe(4);
    await page.getByText('Make sure you check your inbox and spam folders').waitFor();
    // Arriving from the login screen, the countdown already runs: the server has just sent.
    const resend = page.getByRole('button', { name: /^Resend OTP in \d+ seconds$/ });
    expect(await resend.isDisabled()).toBe(true);
    const seconds = Number((await resend.textContent())!.match(/\d+/)![0]);
    expect(seconds).toBeGreaterThanOrEqual(55);
    expect(seconds).toBeLessThanOrEqual(60);

    const code = await codeSentTo(product.server.output, email);
    await typeCode(page, code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/menu`);
    expect(await stored(page, 'user')).toBeNull();
    const userData = JSON.parse((await stored(page, 'userData'))!);
    expect(typeof userData.token).toBe('string');
    expect(userData.customer).toMatchObject({ email, email_verified: true, first_name: '' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Manage account' }).waitFor();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${url()}/`);
    expect(await stored(page, 'userData')).toBeNull();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('by phone: Enter on a box submits one second later', async () => {
    const { page, context } = await open();
    const phone = uniquePhone();
    await askForCode(page, url(), `${phone.slice(0, 5)} ${phone.slice(5)}`);
    expect(await stored(page, 'user')).toBe(phone);
    expect(await page.getByTestId('verification-contact').textContent()).toBe(phone);
    const code = await codeSentTo(product.server.output, phone);
    await typeCode(page, code);
    const verify = page.waitForRequest((request) => request.url().endsWith('/api/verify-otp'));
    const pressed = Date.now();
    await page.keyboard.press('Enter');
    const request = await verify;
    expect(Date.now() - pressed).toBeGreaterThanOrEqual(950);
    expect(request.postDataJSON()).toEqual({ phone, otp: code });
    await page.waitForURL(`${url()}/menu`);
    // The account keeps the number in E.164, however it was typed.
    expect(JSON.parse((await stored(page, 'userData'))!).customer).toMatchObject({
      phone: `+44${phone.slice(1)}`,
      phone_verified: true,
    });
    await context.close();
  });

  it('refuses an incomplete code on the screen and a wrong one with the server’s message', async () => {
    const { page, context } = await open();
    const email = uniqueEmail('wrong');
    await askForCode(page, url(), email);
    const code = await codeSentTo(product.server.output, email);
    let verifies = 0;
    page.on('request', (request) => request.url().endsWith('/api/verify-otp') && verifies++);

    await typeCode(page, code.slice(0, 2));
    await page.getByRole('button', { name: 'Continue' }).click();
    const incomplete = page
      .getByRole('alert')
      .filter({ hasText: 'Enter all 4 digits of the code.' });
    await incomplete.waitFor();
    expect(await codeBoxes(page).nth(3).getAttribute('aria-describedby')).toContain(
      'verification-error',
    );
    expect(verifies).toBe(0);

    // A wrong code: the same length, another number.
    const wrong = code
      .split('')
      .map((d) => String((Number(d) + 1) % 10))
      .join('');
    await codeBoxes(page).first().click();
    await page.keyboard.type(wrong);
    await incomplete.waitFor({ state: 'detached' });
    const continueButton = page.getByRole('button', { name: 'Continue' });
    await continueButton.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'That code is not right. You have 4 tries left.' })
      .waitFor();
    // product.md §4: the loading state ends about a second after the failure; the customer stays.
    expect(await continueButton.isDisabled()).toBe(true);
    await expect.poll(() => continueButton.isDisabled(), { timeout: 2000 }).toBe(false);
    expect(page.url()).toBe(`${url()}/verification`);
    expect(verifies).toBe(1);

    // The right code still works after a wrong one.
    await codeBoxes(page).first().click();
    await page.keyboard.type(code);
    await continueButton.click();
    await page.waitForURL(`${url()}/menu`);
    await context.close();
  });

  it('sends the code again with Resend, clears the boxes and counts down 60 seconds; a refusal counts down from Retry-After', async () => {
    // A customer back on the screen later (no countdown handed over): Resend is offered.
    const email = uniqueEmail('resend');
    const { page, context } = await open({ storage: { user: email } });
    await page.goto(`${url()}/verification`);
    const resend = page.getByRole('button', { name: 'Resend', exact: true });
    await typeCode(page, '12');
    await resend.click();
    await page.getByRole('status').filter({ hasText: 'A new code is on its way.' }).waitFor();
    const counting = page.getByRole('button', { name: /^Resend OTP in \d+ seconds$/ });
    expect(await counting.textContent()).toMatch(/^Resend OTP in (60|59) seconds$/);
    expect(await counting.isDisabled()).toBe(true);
    expect(
      await codeBoxes(page).evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)),
    ).toEqual(['', '', '', '']);
    await expect
      .poll(() => counting.textContent(), { timeout: 3000 })
      .toMatch(/^Resend OTP in (57|58) seconds$/);

    // After a reload the screen does not know of the cooldown; the server does.
    await page.reload();
    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Please wait \d+ seconds before asking for a new code\./ })
      .waitFor();
    expect(await counting.isDisabled()).toBe(true);
    const left = Number((await counting.textContent())!.match(/\d+/)![0]);
    expect(left).toBeGreaterThanOrEqual(54);
    expect(left).toBeLessThanOrEqual(58);

    // The code the resend sent signs in.
    await typeCode(page, await codeSentTo(product.server.output, email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/menu`);
    await context.close();
  });

  it('Back returns to the login screen with the contact still in it', async () => {
    const { page, context } = await open();
    const email = uniqueEmail('back');
    await askForCode(page, url(), email);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${url()}/login`);
    expect(await loginInput(page).inputValue()).toBe(email);
    // Asking again inside the cooldown is answered as sent; the earlier code still works.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/verification`);
    await typeCode(page, await codeSentTo(product.server.output, email));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/menu`);
    await context.close();
  });

  it('sends a visitor without a valid stored contact from /verification to /login', async () => {
    for (const storage of [{}, { user: 'not a contact' }] as Record<string, string>[]) {
      const { page, context } = await open({ storage });
      await page.goto(`${url()}/verification`);
      await page.waitForURL(`${url()}/login`);
      await context.close();
    }
  });

  it('carries a friend’s ?ref= code from any page to the sign-up, and lists it in the cookie policy', async () => {
    const { page, context } = await open();
    await page.goto(`${url()}/terms?ref=abcd2345`);
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('servery:referral-code')))
      .toBe('ABCD2345');
    await page.goto(`${url()}/CookiePolicy`);
    await page.locator('td', { hasText: 'servery:referral-code' }).waitFor();
    const email = uniqueEmail('invited');
    const register = page.waitForRequest((request) => request.url().endsWith('/api/register'));
    await askForCode(page, url(), email);
    expect((await register).postDataJSON()).toEqual({ email, referral_code: 'ABCD2345' });
    await context.close();
  });
});
