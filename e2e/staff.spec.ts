import { describe, expect, it } from 'vitest';
import {
  TABLET,
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { uniqueEmail } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Messages are written to the server's log at info level: the tests read the codes there.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const open = (viewport: { width: number; height: number } = VIEWPORTS.desktop) =>
  openPage(product.browser, product.server.url, { viewport });

describe('the staff application', () => {
  it('the demo owner signs in, adds a member of staff who signs in with fewer rights, and the audit log shows both', async () => {
    const owner = await open();
    expect(await accessibilityViolations(await gotoAdmin(owner))).toEqual([]);
    await signInToAdmin(owner.page, product.server, DEMO_OWNER);
    expect(await owner.page.title()).toBe('Staff · Tandoor Lane');
    expect(await accessibilityViolations(owner.page)).toEqual([]);

    // The owner invites a cook for one store.
    const cookEmail = uniqueEmail('cook');
    await owner.page.getByRole('link', { name: 'Staff', exact: true }).first().click();
    await owner.page.getByRole('button', { name: 'Invite someone' }).click();
    await owner.page.getByLabel('E-mail address').fill(cookEmail);
    await owner.page.getByLabel('Name').fill('Sam Cook');
    await owner.page.getByRole('radio', { name: /^Staff/ }).check();
    await owner.page.getByRole('checkbox', { name: 'Tandoor Lane Camden' }).check();
    await owner.page.getByRole('button', { name: 'Invite and e-mail them' }).click();
    await owner.page.getByText('Sam Cook has been added and e-mailed where to sign in.').waitFor();
    expect(await accessibilityViolations(owner.page)).toEqual([]);
    await screenshot(owner.page, 'admin-staff-desktop');

    // The cook signs in and sees only what staff may do, for their one store.
    const cook = await open(VIEWPORTS.mobile);
    await signInToAdmin(cook.page, product.server, cookEmail);
    await cook.page.getByText('Your stores: Tandoor Lane Camden.').waitFor();
    const nav = cook.page.getByRole('navigation', { name: 'Staff sections' });
    expect(await overflowsSideways(cook.page)).toBe(false);
    expect(await accessibilityViolations(cook.page)).toEqual([]);
    await screenshot(cook.page, 'admin-home-mobile');
    // On a phone the sections are a menu: opened, it has the desk but not Staff or the audit log.
    await nav.getByRole('button', { name: 'Sections' }).click();
    await nav.getByRole('link', { name: 'Order desk' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
    // The server refuses what the screen does not offer.
    const refused = await cook.page.evaluate(async () => (await fetch('/api/admin/staff')).status);
    expect(refused).toBe(403);

    // The owner reads both changes: the demo owner's creation and the invitation.
    await owner.page.getByRole('link', { name: 'Audit log' }).click();
    await owner.page.getByText(`${DEMO_OWNER} (owner)`).first().waitFor();
    const entries = owner.page.getByRole('listitem').filter({ hasText: 'staff invited' });
    expect(await entries.count()).toBeGreaterThanOrEqual(2);
    await owner.page.getByText(cookEmail).first().waitFor();
    await owner.page.getByText('command line (cli)').first().waitFor();
    expect(await accessibilityViolations(owner.page)).toEqual([]);

    // Signing out ends the session: the page shows the sign-in screen again.
    await cook.page.getByRole('button', { name: 'Sign out' }).click();
    await cook.page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    const after = await cook.page.evaluate(async () => (await fetch('/api/admin/session')).status);
    expect(after).toBe(401);
    await owner.context.close();
    await cook.context.close();
  });

  it('says nothing about whether an address belongs to anybody, and refuses a wrong code', async () => {
    const { page, context } = await open(VIEWPORTS.mobile);
    await gotoAdmin({ page });
    await page.getByLabel('Work e-mail address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await page.getByText('If this address belongs to a member of staff').waitFor();
    await page.getByLabel('6-digit code').fill('123456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'admin-sign-in-mobile');
    await context.close();
  });

  it('opens /admin signed out with no error in the console, and again after a sign-out', async () => {
    const { page, context } = await open(TABLET);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // Never signed in: not even the desk, which asks for its orders beside the session, asks.
    await gotoAdmin({ page });
    await page.goto(`${product.server.url}/admin/desk`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(errors).toEqual([]);

    // Signed in, the server keeps a readable hint beside the session; signing out ends both.
    await signInToAdmin(page, product.server, DEMO_OWNER);
    const hint = (await context.cookies()).find((c) => c.name === 'servery_staff_signed_in');
    expect(hint).toMatchObject({ value: '1', httpOnly: false, sameSite: 'Strict' });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('servery_staff_signed_in');
    await page.goto(`${product.server.url}/admin/desk`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

async function gotoAdmin({ page }: { page: Awaited<ReturnType<typeof open>>['page'] }) {
  await page.goto(`${product.server.url}/admin`);
  await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
  return page;
}
