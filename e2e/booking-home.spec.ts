import { describe, expect, it } from 'vitest';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  addDays,
  chooseDate,
  dateBox,
  boxDate,
  fillDetails,
  timeBox,
  timingsOf,
  ukDate,
} from './support/reservation.ts';
import { uniqueEmail, uniquePhone } from './support/sign-in.ts';

// Issue 20, point 8: the end of a booking. The demo shop takes bookings (no WhatsApp share on
// the ordering site's answer is needed here: the share window is answered if it opens).
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

describe('the end of a booking', () => {
  it('toasts the day, time and party, then the home page shows the booking for the visit (375 px)', async () => {
    const { page, context, problems } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    // Before a booking the home page has no booking card.
    await page.goto(`${url()}/`);
    await page.getByRole('link', { name: 'Order now' }).waitFor();
    expect(await page.getByTestId('booking-card').count()).toBe(0);

    await page.goto(`${url()}/reservation`);
    await page.getByRole('heading', { level: 1, name: 'MAKE RESERVATION' }).waitFor();
    const today = (await timingsOf(url())).date;
    await expect.poll(() => dateBox(page).inputValue()).toBe(boxDate(today));
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `reservation-form-${name}`);
    }
    await page.setViewportSize(VIEWPORTS.mobile);

    const date = addDays(today, 6);
    const { slots } = await timingsOf(url(), date);
    const time = slots[1]!;
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(time);
    await fillDetails(page, {
      name: 'Leah Okafor',
      email: uniqueEmail('home-card'),
      phone: uniquePhone(),
      number_of_people: '3',
      message: '',
    });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your table for 3 on ${ukDate(date)} at ${time} is booked.` })
      .waitFor();
    await page.waitForURL(`${url()}/`);

    const card = page.getByRole('region', { name: 'Your booking' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Table for 3');
    const [year, month, day] = date.split('-').map(Number);
    const at = new Date(Date.UTC(year!, month! - 1, day!));
    const weekday = at.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long' });
    const longDate = at.toLocaleDateString('en-GB', {
      timeZone: 'UTC',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(await card.textContent()).toContain(`${weekday} ${longDate} at ${time}`);
    // The card sits above the fold on a phone, not below the hero's fold only.
    expect((await card.boundingBox())!.y).toBeLessThan(2000);
    await card.scrollIntoViewIfNeeded();
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      await screenshot(page, `home-after-booking-${name}`);
    }

    // Kept for the visit: a reload still shows it; Dismiss removes it.
    await page.reload();
    await card.waitFor();
    expect(await card.textContent()).toContain('Table for 3');
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await card.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
