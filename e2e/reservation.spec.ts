import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIEWPORTS, accessibilityViolations, openPage, screenshot } from './support/browser.ts';
import { useProduct } from './support/product.ts';
import {
  addDays,
  bookByApi,
  bookingMailsTo,
  boxDate,
  cancelLinkIn,
  chooseDate,
  dateBox,
  fillDetails,
  peopleBox,
  timeBox,
  timingsOf,
  ukDate,
} from './support/reservation.ts';
import { demoVariant } from './support/server.ts';
import { uniqueEmail, uniquePhone } from './support/sign-in.ts';

// The demo shop takes bookings (lunch and dinner, 30-minute steps, 24 covers a slot, 60 days,
// WhatsApp share to 447700900321). Its e-mails go to the server log at info level. Bookings
// are limited to 10 per 10 minutes from one address: this file makes 7.
const product = useProduct(() => ({ env: { LOG_LEVEL: 'info' } }));
const url = () => product.server.url;
const bookUrl = () => url().replace('localhost', 'book.localhost');

/** A date some days ahead (never today, so every slot of the day is offered) and its slots. */
async function dayAhead(days: number) {
  const today = (await timingsOf(url())).date;
  const date = addDays(today, days);
  const { slots } = await timingsOf(url(), date);
  if (slots.length < 3) throw new Error(`The demo shop has too few slots on ${date}`);
  return { today, date, slots };
}

async function openReservation(page: Page, base = url()) {
  await page.goto(`${base}/reservation`);
  await page.getByRole('heading', { level: 1, name: 'MAKE RESERVATION' }).waitFor();
  // The times of the day have arrived (or the page has said there are none).
  await page.waitForFunction(() => {
    const time = document.querySelector<HTMLSelectElement>('#reservation-time');
    return time && (!time.disabled || document.querySelector('#reservation-time-status'));
  });
}

/**
 * The calendar is open with the keyboard on one of its days. It moves focus there a moment
 * after it opens; keys pressed before that go to the date box instead.
 */
async function calendarHasFocus(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.activeElement?.classList.contains('react-datepicker__day') ?? false,
      ),
    )
    .toBe(true);
}

const person = () => ({
  name: 'Priya Shah',
  email: uniqueEmail('table'),
  phone: uniquePhone(),
  number_of_people: '4',
  message: 'A table by the window, if you have one',
});

describe('making a reservation', () => {
  it('books from the reservation site: toast, home, WhatsApp share, e-mail, then cancels from its link', async () => {
    const { page, context, problems } = await openPage(product.browser, bookUrl());
    // WhatsApp itself is not reachable from the tests: its page is answered here.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );
    await page.goto(`${bookUrl()}/`);
    await page.getByRole('link', { name: 'Make a reservation' }).click();
    await page.getByRole('heading', { level: 1, name: 'MAKE RESERVATION' }).waitFor();
    await page.getByText('We will confirm your booking by e-mail.', { exact: false }).waitFor();

    const { today, date, slots } = await dayAhead(3);
    const time = slots[1]!;
    await expect.poll(() => dateBox(page).inputValue()).toBe(boxDate(today));
    await chooseDate(page, today, date);
    expect(await dateBox(page).inputValue()).toBe(boxDate(date));
    await timeBox(page).selectOption(time);
    const guest = person();
    await fillDetails(page, guest);

    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText: `Thank you, Priya Shah! Your table for 4 on ${ukDate(date)} at ${time} is booked. We have e-mailed you the details.`,
      })
      .waitFor();
    await page.waitForURL(`${bookUrl()}/`);
    await page.getByRole('heading', { level: 1, name: 'Book a table at Tandoor Lane' }).waitFor();

    // SPEC §4 and §7: the share window opens with the booking's details.
    const share = new URL((await popup).url());
    expect(share.origin + share.pathname).toBe('https://wa.me/447700900321');
    expect(share.searchParams.get('text')).toBe(
      [
        'Table booking',
        'Name: Priya Shah',
        `Email: ${guest.email}`,
        `Time: ${time}`,
        `Date: ${ukDate(date)}`,
        `Phone: ${guest.phone}`,
        'People: 4',
        'Message: A table by the window, if you have one',
      ].join('\n'),
    );

    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    expect(mail!.subject).toBe(`Your table at Tandoor Lane, ${ukDate(date)} at ${time}`);
    const link = cancelLinkIn(mail!.text);
    expect(link.startsWith(`${bookUrl()}/reservation/cancel/`)).toBe(true);

    // The link in the e-mail: the booking, then cancelled.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your table booking' }).waitFor();
    const details = async () =>
      Object.fromEntries(
        await page
          .locator('main dl > div')
          .evaluateAll((rows) =>
            rows.map((row) => [
              row.querySelector('dt')?.textContent,
              row.querySelector('dd')?.textContent,
            ]),
          ),
      );
    await page.locator('main dl').waitFor();
    expect(await details()).toEqual({
      Restaurant: 'Tandoor Lane',
      Date: ukDate(date),
      Time: time,
      People: '4',
      Name: 'Priya Shah',
      Status: 'Confirmed',
    });
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('status').filter({ hasText: 'Your booking is cancelled.' }).waitFor();
    await page
      .getByText('This booking is cancelled. The table is free for someone else.')
      .waitFor();
    expect((await details()).Status).toBe('Cancelled');
    await screenshot(page, 'reservation-cancelled');
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
    // The server keeps it so: opened again, the link says the booking is cancelled.
    await page.reload();
    await page
      .getByText('This booking is cancelled. The table is free for someone else.')
      .waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('books once when Submit is clicked twice', async () => {
    const { page, context } = await openPage(product.browser, url());
    await context.route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/booking')) {
        posts.push(request.headers()['idempotency-key'] ?? '');
      }
    });
    await openReservation(page);
    const { today, date, slots } = await dayAhead(4);
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(slots[0]!);
    const guest = { ...person(), number_of_people: '2', message: '' };
    await fillDetails(page, guest);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await page.waitForURL(`${url()}/`);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Exactly one confirmation, even after the outbox has had time for a second.
    await bookingMailsTo(product.server.output, guest.email);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await bookingMailsTo(product.server.output, guest.email)).toHaveLength(1);
    await context.close();
  });

  it('toasts the server’s answer when the time fills up meanwhile, and starts the form again', async () => {
    const { page, context } = await openPage(product.browser, url());
    await openReservation(page);
    const { today, date, slots } = await dayAhead(5);
    const time = slots[2]!;
    await chooseDate(page, today, date);
    await timeBox(page).selectOption(time);
    await fillDetails(page, { ...person(), number_of_people: '2' });
    // Other guests take all 24 covers of that time while this one is typing.
    for (const people of ['10', '10', '4']) {
      const other = { ...person(), date, time, number_of_people: people };
      expect((await bookByApi(url(), other)).status).toBe(200);
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: new RegExp(`^Sorry, ${time} is fully booked for 2 people\\. The nearest`),
      })
      .waitFor();
    // SPEC §4: the form resets and loading ends.
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    expect(await peopleBox(page).inputValue()).toBe('');
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    expect(await page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    expect(await page.getByRole('status', { name: 'Loading' }).count()).toBe(0);
    expect(page.url()).toBe(`${url()}/reservation`);
    await context.close();
  });
});

describe('the date and the time', () => {
  it('starts on today with its first remaining slot; another day clears the time', async () => {
    const { page, context } = await openPage(product.browser, url(), {
      viewport: VIEWPORTS.mobile,
    });
    await openReservation(page);
    const today = (await timingsOf(url())).date;
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    expect(await dateBox(page).getAttribute('readonly')).not.toBeNull();
    expect(await dateBox(page).getAttribute('placeholder')).toBe('Select Date');
    // London's clock decides what is left today (late in the evening, nothing may be).
    const firstToday = async () => (await timingsOf(url(), today)).slots[0] ?? '';
    await expect
      .poll(async () => (await timeBox(page).inputValue()) === (await firstToday()))
      .toBe(true);
    if ((await firstToday()) === '') {
      await page
        .getByText('There are no more times to book today. Please choose another date.')
        .waitFor();
    }

    const tomorrow = addDays(today, 1);
    await chooseDate(page, today, tomorrow);
    expect(await timeBox(page).inputValue()).toBe('');
    const offered = (await timingsOf(url(), tomorrow)).slots;
    await expect
      .poll(() => timeBox(page).locator('option').allTextContents())
      .toEqual(['Pick a Time', ...offered]);
    await timeBox(page).selectOption(offered.at(-1)!);

    // Back to today: its first remaining slot again.
    await chooseDate(page, tomorrow, today);
    await expect
      .poll(async () => (await timeBox(page).inputValue()) === (await firstToday()))
      .toBe(true);
    await context.close();
  });

  it('keeps the calendar between today and today plus the days the shop allows', async () => {
    const { page, context } = await openPage(product.browser, url());
    await openReservation(page);
    const { date: today, booking_days_allowed } = await timingsOf(url());
    // Before today: the calendar does not move.
    await dateBox(page).press('Enter');
    await calendarHasFocus(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    expect(await dateBox(page).inputValue()).toBe(boxDate(today));
    // Three months on: it stops at the last bookable day.
    await dateBox(page).press('Space');
    await calendarHasFocus(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dateBox(page).inputValue())
      .toBe(boxDate(addDays(today, booking_days_allowed)));
    // Escape closes the calendar and gives focus back to the date box.
    await dateBox(page).press('ArrowDown');
    await calendarHasFocus(page);
    await page.keyboard.press('Escape');
    await page.locator('.react-datepicker__month').waitFor({ state: 'detached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('reservation-date');
    await context.close();
  });
});

describe('the form’s messages (SPEC §5)', () => {
  it('shows none before the first submit, then every rule’s message on its field', async () => {
    const { page, context } = await openPage(product.browser, url());
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/booking') && posts++);
    await openReservation(page);
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.fill('priya@example');
    await email.press('Tab');
    expect(await page.getByText('Enter a valid email').count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

    // Another day leaves the time empty.
    const today = (await timingsOf(url())).date;
    await chooseDate(page, today, addDays(today, 2));
    await email.fill('');
    await page.getByRole('button', { name: 'Submit' }).click();
    const messageOn = async (field: string, message: string) => {
      const box = page.locator(`#reservation-${field}`);
      await page.getByText(message, { exact: true }).waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      const errorId = await page.getByText(message, { exact: true }).getAttribute('id');
      expect((await box.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    };
    await messageOn('time', 'Time is required');
    await messageOn('people', 'Number of people is required');
    await messageOn('name', 'Name is required');
    await messageOn('email', 'Email is required');
    await messageOn('phone', 'Phone number is required');
    // Focus goes to the first field in error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reservation-time');

    await email.fill('priya@example');
    await messageOn('email', 'Enter a valid email');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    expect(await phone.getAttribute('type')).toBe('tel');
    expect(await phone.getAttribute('maxlength')).toBe('11');
    await phone.pressSequentially('0770090012345');
    expect(await phone.inputValue()).toBe('07700900123');
    await phone.fill('0770090');
    await messageOn('phone', 'Enter a valid 11-digit phone number');
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill('x'.repeat(201));
    await page.getByText('201 / 200 characters').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await messageOn('message', 'Message should be less than 200 characters');
    expect(posts).toBe(0);
    await screenshot(page, 'reservation-messages');
    await context.close();
  });
});

describe('the cancel link', () => {
  it('says so when the link leads to no booking', async () => {
    const { page, context } = await openPage(product.browser, url());
    for (const token of [randomBytes(32).toString('base64url'), 'not-a-token']) {
      await page.goto(`${url()}/reservation/cancel/${token}`);
      await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    }
    await context.close();
  });
});

/** A booking made through the API, for the pages that show one. */
let bookedLink: Promise<string> | null = null;
function someBooking() {
  bookedLink ??= (async () => {
    const { date, slots } = await dayAhead(6);
    const guest = { ...person(), date, time: slots[0]!, number_of_people: '10+' };
    const answer = await bookByApi(url(), guest);
    if (answer.status !== 200) throw new Error(`booking answered ${answer.status}`);
    const [mail] = await bookingMailsTo(product.server.output, guest.email);
    return cancelLinkIn(mail!.text);
  })();
  return bookedLink;
}

describe.each(Object.entries(VIEWPORTS))('accessibility (%s)', (name, viewport) => {
  it('the reservation screen: empty, with its messages, and with the calendar open', async () => {
    const { page, context } = await openPage(product.browser, url(), { viewport });
    await openReservation(page);
    await screenshot(page, `reservation-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Name is required').waitFor();
    await screenshot(page, `reservation-errors-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dateBox(page).press('Enter');
    await page.locator('.react-datepicker__day[tabindex="0"]').waitFor();
    await screenshot(page, `reservation-calendar-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('the cancel page, for a booking and for a link to none', async () => {
    const link = await someBooking();
    const { page, context } = await openPage(product.browser, url(), { viewport });
    await page.goto(link);
    await page.getByRole('button', { name: 'Cancel booking' }).waitFor();
    expect(await page.locator('main dl').textContent()).toContain('Requested');
    await screenshot(page, `reservation-cancel-${name}`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`${url()}/reservation/cancel/${randomBytes(32).toString('base64url')}`);
    await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a shop that takes no bookings', () => {
  const off = useProduct(() => ({
    env: { SEED_DEMO: 'false' },
    tenantFiles: [demoVariant((doc) => void (doc.config.allowBooking = 0))],
  }));
  it('sends /reservation to the home page (allowBooking 0)', async () => {
    const { page, context } = await openPage(off.browser, off.server.url);
    await page.goto(`${off.server.url}/reservation`);
    await page.waitForURL(`${off.server.url}/`);
    expect(await page.getByRole('heading', { name: 'MAKE RESERVATION' }).count()).toBe(0);
    await context.close();
  });
});
