import type { UserData } from '@servery/contract/auth';
import { describe, expect, it } from 'vitest';
import {
  SIGNED_IN,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { askForCode, codeSentTo, signInByApi, typeCode, uniqueEmail } from './support/sign-in.ts';

const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const signedIn = (userData: UserData, options: Parameters<typeof openPage>[2] = {}) =>
  openPage(product.browser, url(), {
    ...options,
    storage: { ...options.storage, userData: JSON.stringify(userData) },
  });
const storedUserData = async (page: Awaited<ReturnType<typeof openPage>>['page']) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('userData'))) ?? 'null') as UserData;

describe('pages for signed-in customers', () => {
  it('send a visitor who is not signed in to /login', async () => {
    for (const path of ['/account', '/invite-friends']) {
      const { page, context } = await openPage(product.browser, url());
      await page.goto(`${url()}${path}`);
      await page.waitForURL(`${url()}/login`);
      await context.close();
    }
  });

  it('on a 401 sign out and replace the location with /login', async () => {
    // A token the server does not know (expired, or from another database).
    const { page, context } = await openPage(product.browser, url(), {
      storage: {
        ...SIGNED_IN,
        selectedAdress: JSON.stringify({ line1: '1 Brick Lane' }),
      },
    });
    await page.goto(`${url()}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    const before = await page.evaluate(() => history.length);
    // The account page asks for the profile and the saved addresses: whichever answers 401 first.
    const answered401 = page.waitForResponse(
      (response) => response.url().includes('/api/customer') && response.status() === 401,
    );
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Manage account' }).click();
    await answered401;
    await page.waitForURL(`${url()}/login`);
    await page.getByRole('heading', { level: 1, name: 'What’s your phone number?' }).waitFor();
    // /terms, then /account pushed by the menu link; /login replaced it rather than adding to
    // it (the two customer calls may both answer 401; each replaces, neither pushes).
    expect(await page.evaluate(() => history.length)).toBeLessThanOrEqual(before + 1);
    await page.goBack();
    await page.waitForURL(`${url()}/terms`);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).not.toHaveProperty('userData');
    expect(stored).not.toHaveProperty('selectedAdress');
    await context.close();
  });
});

describe('the account page', () => {
  it('edits the profile: saved on the server, shown in the menu, kept after a reload', async () => {
    const email = uniqueEmail('profile');
    const userData = await signInByApi(product.server, email, { profile: false });
    const { page, context } = await signedIn(userData);
    await page.goto(`${url()}/account`);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText(`Signed in as ${email}`).waitFor();

    // The address the customer signs in with is shown, not edited.
    const emailField = page.getByLabel('Email');
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await emailField.getAttribute('aria-describedby')).toContain('profile-email-note');
    await page.getByText('You sign in with this address.').waitFor();

    // The form's own rules, from the contract.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('Phone').fill('12ab');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter a valid phone number').waitFor();
    expect(await page.getByLabel('Phone').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('First name').fill('Priya');
    await page.getByLabel('Last name').fill('Shah');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByRole('checkbox', { name: /offers and news/ }).check();
    const saved = page.waitForRequest(
      (request) => request.url().endsWith('/api/customer') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).postDataJSON()).toEqual({
      first_name: 'Priya',
      last_name: 'Shah',
      phone: '07700900123',
      marketing_consent: true,
    });
    await page.getByRole('status').filter({ hasText: 'Your details have been saved.' }).waitFor();
    expect((await storedUserData(page)).customer.first_name).toBe('Priya');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Hi, Priya' }).waitFor();
    await page.keyboard.press('Escape');

    // What the server holds now.
    const answer = await fetch(`${url()}/api/customer`, {
      headers: { authorization: `Bearer ${userData.token}` },
    });
    expect(((await answer.json()) as { data: unknown }).data).toMatchObject({
      first_name: 'Priya',
      last_name: 'Shah',
      email,
      phone: '07700900123',
      marketing_consent: true,
    });
    await page.reload();
    await expect.poll(() => page.getByLabel('Last name').inputValue()).toBe('Shah');
    expect(await page.getByRole('checkbox', { name: /offers and news/ }).isChecked()).toBe(true);
    await context.close();
  });

  it('says no addresses are saved yet, and its Sign Out signs out like the menu’s', async () => {
    const userData = await signInByApi(product.server);
    const { page, context } = await signedIn(userData, {
      storage: { selectedAdress: JSON.stringify({ line1: '1 Brick Lane' }) },
    });
    await page.goto(`${url()}/account`);
    const addresses = page.getByRole('region', { name: 'Saved addresses' });
    await addresses.getByText('You have no saved addresses yet.', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${url()}/`);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored).not.toHaveProperty('userData');
    expect(stored).not.toHaveProperty('selectedAdress');
    await context.close();

    // The menu's Sign Out on a signed-in page goes to / as well.
    const again = await signedIn(await signInByApi(product.server));
    await again.page.goto(`${url()}/invite-friends`);
    await again.page.getByRole('textbox', { name: 'Your invite link' }).waitFor();
    await again.page.getByRole('button', { name: 'Open menu' }).click();
    await again.page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await again.page.waitForURL(`${url()}/`);
    await again.page.waitForTimeout(300);
    expect(again.page.url()).toBe(`${url()}/`);
    await again.context.close();
  });
});

describe('inviting friends', () => {
  it('shows the referral link to copy and share, and counts the friends who joined with it', async () => {
    const inviter = await signInByApi(product.server);
    const code = inviter.customer.referral_code;
    const link = `${url()}/?ref=${code}`;
    const { page, context } = await signedIn(inviter);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url() });
    await page.goto(`${url()}/invite-friends`);
    await page.getByRole('heading', { level: 1, name: 'Invite friends' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Your invite link' });
    await expect.poll(() => field.inputValue()).toBe(link);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('friends-joined').textContent()).toBe(
      'No friends have joined with your link yet.',
    );

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // This browser has no share sheet.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Sharing is not supported on this device.' })
      .waitFor();

    // A friend follows the link and signs up with it.
    const friend = await openPage(product.browser, url());
    await friend.page.goto(link);
    await expect
      .poll(() => friend.page.evaluate(() => sessionStorage.getItem('servery:referral-code')))
      .toBe(code);
    const friendEmail = uniqueEmail('friend');
    await askForCode(friend.page, url(), friendEmail);
    await typeCode(friend.page, await codeSentTo(product.server.output, friendEmail));
    await friend.page.getByRole('button', { name: 'Continue' }).click();
    await friend.page.waitForURL(`${url()}/menu`);
    await friend.context.close();

    await page.reload();
    await expect
      .poll(() => page.getByTestId('friends-joined').textContent())
      .toBe('1 friend has joined with your link.');
    await context.close();
  });

  it('shares the same link from the page and from the menu where the device can share', async () => {
    const inviter = await signInByApi(product.server);
    const link = `${url()}/?ref=${inviter.customer.referral_code}`;
    const { page, context } = await signedIn(inviter);
    // The device's share sheet, as a phone has one: it records what it was given.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = shared;
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => void shared.push(data),
      });
    });
    await page.goto(`${url()}/invite-friends`);
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Invite Friends' }).click();
    const shared = () =>
      page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared.map((s) => s.url));
    await expect.poll(shared).toEqual([link, link]);
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the account pages (%s)', (name, viewport) => {
  it('have no axe violation', async () => {
    const userData = await signInByApi(product.server, undefined, { profile: false });
    const { page, context, problems } = await signedIn(userData, { viewport });
    await page.goto(`${url()}/account`);
    await page.getByLabel('First name').waitFor();
    await screenshot(page, `account-${name}`);
    expect(await accessibilityViolations(page), '/account').toEqual([]);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await accessibilityViolations(page), '/account with a field error').toEqual([]);

    await page.goto(`${url()}/invite-friends`);
    await page.getByRole('textbox', { name: 'Your invite link' }).waitFor();
    await screenshot(page, `invite-friends-${name}`);
    expect(await accessibilityViolations(page), '/invite-friends').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});
