import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import { demoVariant } from './support/server.ts';
import { askForCode, codeBoxes, codeSentTo, uniqueEmail } from './support/sign-in.ts';

// The demo shop with 6-digit codes (architecture.md "Security": a tenant may choose them).
const product = useProduct(() => ({
  env: { SEED_DEMO: 'false', LOG_LEVEL: 'info' },
  tenantFiles: [demoVariant((doc) => void (doc.config.otpLength = 6))],
}));
const url = () => product.server.url;
const boxValues = (page: Awaited<ReturnType<typeof openPage>>['page']) =>
  codeBoxes(page).evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));

describe('a shop with 6-digit codes', () => {
  it('shows six boxes; a pasted code or one autofilled into the first box fills them all', async () => {
    const { page, context } = await openPage(product.browser, url());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url() });
    const email = uniqueEmail('six');
    await askForCode(page, url(), email);
    await page
      .getByRole('heading', { level: 1, name: 'Enter the 6-digit code sent to you at:' })
      .waitFor();
    expect(await codeBoxes(page).count()).toBe(6);
    expect(await codeBoxes(page).nth(5).getAttribute('aria-label')).toBe('Digit 6 of 6');
    const code = await codeSentTo(product.server.output, email);
    expect(code).toMatch(/^\d{6}$/);

    // Pasted from the e-mail, words and all, into the third box.
    await page.evaluate((text) => navigator.clipboard.writeText(text), `Your code is ${code}.`);
    await codeBoxes(page).nth(2).click();
    await page.keyboard.press('ControlOrMeta+V');
    await expect.poll(() => boxValues(page)).toEqual(code.split(''));

    // Cleared with Backspace, box by box, from the last.
    await codeBoxes(page).nth(5).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
    expect(await boxValues(page)).toEqual(['', '', '', '', '', '']);
    expect(
      await codeBoxes(page)
        .first()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // The device's autofill puts the whole code into the first box.
    await codeBoxes(page).first().fill(code);
    expect(await boxValues(page)).toEqual(code.split(''));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${url()}/menu`);
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('the 6-box verification screen (%s)', (name, viewport) => {
  it('fits and has no axe violation', async () => {
    const { page, context } = await openPage(product.browser, url(), { viewport });
    await askForCode(page, url(), uniqueEmail(`six-${name}`));
    await page
      .getByRole('heading', { level: 1, name: 'Enter the 6-digit code sent to you at:' })
      .waitFor();
    await screenshot(page, `verification-6-digit-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await context.close();
  });
});
