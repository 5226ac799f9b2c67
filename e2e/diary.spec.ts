import { describe, expect, it } from 'vitest';
import { slotClockTime } from '@servery/contract/clock';
import {
  VIEWPORTS,
  accessibilityViolations,
  openPage,
  overflowsSideways,
  screenshot,
} from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  addDays,
  bookingMailsTo,
  cancelLinkIn,
  chooseDate,
  fillDetails,
  timeBox,
  timingsOf,
  ukDate,
} from './support/reservation.ts';
import { uniqueEmail, uniquePhone } from './support/sign-in.ts';
import { DEMO_OWNER, signInToAdmin } from './support/staff.ts';

// Issue 16: a guest books online in one browser; the host's open diary shows it without a
// reload, and offers only what the clock allows for tomorrow's party. Messages go to the server log at info level.
const TABLET = { width: 1024, height: 768 };
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;

describe('the bookings diary', () => {
  it('shows a booking made online as it arrives, with only the moves tomorrow allows', async () => {
    // The host opens tomorrow's diary (every slot of the day is still bookable then).
    const today = (await timingsOf(url())).date;
    const date = addDays(today, 1);
    const { slots } = await timingsOf(url(), date);
    const time = slots[2]!;
    const host = await openPage(product.browser, url(), { viewport: VIEWPORTS.desktop });
    await signInToAdmin(host.page, product.server, DEMO_OWNER);
    await host.page.getByRole('link', { name: 'Bookings' }).first().click();
    await host.page.getByText('Live.').waitFor();
    const strip = host.page.getByRole('navigation', { name: 'Days' });
    await strip.getByRole('button').nth(1).click();
    await host.page.getByRole('heading', { level: 1, name: /^Bookings/ }).waitFor();
    await host.page.getByText(/covers in \d+ bookings/).waitFor();

    // The guest books in a browser of their own.
    const guest = await openPage(product.browser, url(), { viewport: VIEWPORTS.mobile });
    await guest.page.goto(`${url()}/reservation`);
    await guest.page.getByRole('heading', { level: 1, name: 'MAKE RESERVATION' }).waitFor();
    // Today's times have arrived, or the page says there are none left (late in the evening).
    await guest.page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>('#reservation-time');
      return select && (!select.disabled || document.querySelector('#reservation-time-status'));
    });
    await chooseDate(guest.page, today, date);
    // Tomorrow's times have arrived.
    await guest.page.waitForFunction(
      () => !document.querySelector<HTMLSelectElement>('#reservation-time')?.disabled,
    );
    await timeBox(guest.page).selectOption(time);
    const name = `Ada Diary ${uniquePhone().slice(-4)}`;
    const email = uniqueEmail('diary');
    await fillDetails(guest.page, {
      name,
      email,
      phone: uniquePhone(),
      number_of_people: '3',
      message: 'Birthday',
    });
    await guest.page.getByRole('button', { name: 'Submit' }).click();
    await guest.page
      .getByRole('status')
      .filter({ hasText: `Your table for 3 on ${ukDate(date)} at ${time} is booked` })
      .waitFor();

    // It appears on the open diary without a reload.
    // The diary prints the slot '07:00 PM' as every staff screen prints a time: 7:00 PM.
    const card = host.page.getByRole('listitem', { name: `${name}, 3 at ${slotClockTime(time)}` });
    await card.waitFor({ timeout: 10_000 });
    expect(await card.textContent()).toContain('Birthday');
    // Its service says it in words, one booking as one.
    await host.page.getByRole('heading', { level: 2, name: /· 3 covers, 1 booking$/ }).waitFor();
    expect(
      await host.page
        .getByRole('meter', { name: `Covers at ${slotClockTime(time)}` })
        .getAttribute('aria-valuenow'),
    ).not.toBe('0');
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-desktop');

    // Tomorrow's party cannot arrive, be seated or be a no-show today (issue 27, point 6): the
    // card offers only a change and a cancellation.
    expect(await card.getByRole('button').allTextContents()).toEqual([
      `Change… ${name}, 3`,
      'Cancel…',
    ]);
    // Its cancel form loads when it opens, asks why for the guest, and "Keep it" sends nothing.
    await card.getByRole('button', { name: 'Cancel…' }).click();
    await card.getByRole('textbox', { name: /Why is it cancelled\?/ }).waitFor();
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-cancel-form');
    await card.getByRole('button', { name: 'Keep it' }).click();
    await card.getByRole('button', { name: 'Cancel…' }).waitFor();
    expect(await card.textContent()).toContain('Booked');

    // The guest rings: they will come later, and one more (decision 68). The host changes the
    // booking in place on a 1024 px tablet; it keeps the guest's details and note.
    const later = slots[3] ?? slots.at(-1)!;
    await host.page.setViewportSize(TABLET);
    await card.getByRole('button', { name: /^Change…/ }).click();
    const form = host.page.getByRole('form', { name: `Change ${name}’s booking` });
    await form.getByRole('combobox', { name: 'Time' }).selectOption(later);
    // One more: the big + of the party's stepper (no number box with a small spinner).
    const people = form.getByRole('group', { name: 'People' });
    await people.getByRole('button', { name: 'One person more' }).click();
    expect(await people.getByRole('status').textContent()).toBe('4');
    expect(await form.getByRole('spinbutton').count()).toBe(0);
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-change-form-1024');
    await host.page.setViewportSize(VIEWPORTS.mobile);
    await form.scrollIntoViewIfNeeded();
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-change-form-375');
    await host.page.setViewportSize(TABLET);
    await form.getByRole('button', { name: 'Save and e-mail the guest' }).click();
    await host.page
      .getByRole('status')
      .filter({
        hasText: new RegExp(`^${name}: now 4 people on .+ at ${slotClockTime(later)}\\.$`),
      })
      .waitFor();
    const moved = host.page.getByRole('listitem', {
      name: `${name}, 4 at ${slotClockTime(later)}`,
    });
    await moved.waitFor();
    expect(await moved.textContent()).toContain('Birthday');
    expect(
      await host.page
        .getByRole('meter', { name: `Covers at ${slotClockTime(later)}` })
        .getAttribute('aria-valuenow'),
    ).not.toBe('0');
    await host.page.getByRole('heading', { level: 2, name: /· 4 covers, 1 booking$/ }).waitFor();
    await moved.scrollIntoViewIfNeeded();
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-changed-1024');
    // The guest is told as they were told of the booking: an e-mail, with a link of its own.
    const mails = await bookingMailsTo(product.server.output, email, 2);
    expect(mails[1]!.subject).toBe(
      `Your booking at Tandoor Lane is changed: ${ukDate(date)} at ${later}`,
    );
    expect(mails[1]!.text).toContain(`your table is now for 4 on ${ukDate(date)} at ${later}`);
    expect(cancelLinkIn(mails[1]!.text).startsWith(`${url()}/reservation/cancel/`)).toBe(true);

    // A walk-in can only be today: the quick form adds a phone booking here.
    await host.page.getByRole('button', { name: 'Phone booking or walk-in' }).click();
    await host.page.getByLabel('Name').fill('Phone Caller');
    // Two people, as the form starts; the stepper counts them, one tap each way.
    const party = host.page.getByRole('group', { name: 'People' });
    await party.getByRole('button', { name: 'One person more' }).click();
    await party.getByRole('button', { name: 'One person fewer' }).click();
    expect(await party.getByRole('status').textContent()).toBe('2');
    await party.scrollIntoViewIfNeeded();
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-add-form-1024');
    await host.page.getByRole('button', { name: 'Add booking' }).click();
    await host.page.getByText(/^Phone Caller, 2: booked for/).waitFor();

    await host.page.setViewportSize(VIEWPORTS.mobile);
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-phone');
    // The quick form on a phone: its People stepper under the time, the buttons still 48 px.
    await host.page.getByRole('button', { name: 'Phone booking or walk-in' }).click();
    const phoneParty = host.page.getByRole('group', { name: 'People' });
    await phoneParty.scrollIntoViewIfNeeded();
    const plus = await phoneParty.getByRole('button', { name: 'One person more' }).boundingBox();
    expect(plus!.height).toBeGreaterThanOrEqual(44);
    expect(await overflowsSideways(host.page)).toBe(false);
    expect(await accessibilityViolations(host.page)).toEqual([]);
    await screenshot(host.page, 'diary-add-form-375');
    await guest.context.close();
    await host.context.close();
  });
});
