import { readFileSync } from 'node:fs';
import type { UserData } from '@servery/contract/auth';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { signInByApi, uniqueEmail } from './support/sign-in.ts';

// Issue 17, point 6: a customer's copy of their data and deleting their account, in a browser.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const signedIn = (userData: UserData, options: Parameters<typeof openPage>[2] = {}) =>
  openPage(product.browser, url(), {
    ...options,
    storage: { ...options.storage, userData: JSON.stringify(userData) },
  });

describe('your data on /account', () => {
  it('downloads the JSON copy, then deletes the account after a confirmation', async () => {
    const email = uniqueEmail('leaver');
    const userData = await signInByApi(product.server, email);
    const { page, context, problems } = await signedIn(userData);
    await page.goto(`${url()}/account`);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download your data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const copy = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(copy.sign_in_contacts.email).toBe(email);

    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('group', { name: 'Delete account' }).waitFor();
    expect(await accessibilityViolations(page), 'the confirmation').toEqual([]);
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL(`${url()}/`);
    await page.getByText('Your account has been deleted.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    const after = await fetch(`${url()}/api/customer`, {
      headers: { authorization: `Bearer ${userData.token}` },
    });
    expect(after.status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the personal-data pages (%s)', (name, viewport) => {
  it('have no axe violation and do not scroll sideways', async () => {
    const userData = await signInByApi(product.server);
    const { page, context, problems } = await signedIn(userData, { viewport });
    await page.goto(`${url()}/account`);
    await page.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).waitFor();
    await screenshot(page, `account-your-data-${name}`);
    expect(await accessibilityViolations(page), '/account').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    await page.goto(`${url()}/unsubscribe/${'x'.repeat(43)}`);
    await page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    await screenshot(page, `unsubscribe-invalid-${name}`);
    expect(await accessibilityViolations(page), '/unsubscribe').toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
