import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BookingInput, ReservationTimings } from '@servery/contract/reservation';
import { loggedMessages, uniqueEmail, uniquePhone } from './sign-in.ts';

/** GET /api/reservation/timings as the page asks it; without a date, the shop's today. */
export async function timingsOf(url: string, date?: string): Promise<ReservationTimings> {
  const response = await fetch(`${url}/api/reservation/timings${date ? `?date=${date}` : ''}`);
  if (!response.ok) throw new Error(`timings answered ${response.status}`);
  return ((await response.json()) as { data: ReservationTimings }).data;
}

/** '2026-11-22' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** '2026-11-22' → '22/11/2026': how people read it, and the date box (UK since issue 30). */
export const ukDate = (date: string) => date.split('-').reverse().join('/');
export const boxDate = ukDate;

export const dateBox = (page: Page) => page.getByRole('textbox', { name: 'Date' });
export const timeBox = (page: Page) => page.getByRole('combobox', { name: 'Time' });
export const peopleBox = (page: Page) => page.getByRole('combobox', { name: 'Number of people' });

/**
 * Chooses a date the way a keyboard user does: Enter on the date box opens the calendar on the
 * chosen day, the arrows move a day at a time, Enter takes the day.
 */
export async function chooseDate(page: Page, from: string, to: string) {
  await dateBox(page).focus();
  await page.keyboard.press('Enter');
  await page.locator('.react-datepicker__day[tabindex="0"]').waitFor();
  await expectFocusOnDay(page);
  const steps = daysBetween(from, to);
  for (let i = 0; i < Math.abs(steps); i++) {
    await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  }
  await page.keyboard.press('Enter');
  await page.locator('.react-datepicker__month').waitFor({ state: 'detached' });
}

async function expectFocusOnDay(page: Page) {
  const deadline = Date.now() + 5000;
  while (
    !(await page.evaluate(() =>
      document.activeElement?.classList.contains('react-datepicker__day'),
    ))
  ) {
    if (Date.now() > deadline) throw new Error('The calendar did not take focus');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Fills the fields other than date and time. */
export async function fillDetails(page: Page, details: Omit<BookingInput, 'date' | 'time'>) {
  await peopleBox(page).selectOption(String(details.number_of_people));
  await page.getByRole('textbox', { name: 'Name' }).fill(details.name);
  await page.getByRole('textbox', { name: 'Email' }).fill(details.email);
  await page.getByRole('textbox', { name: 'Phone' }).fill(details.phone);
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill(details.message ?? '');
}

/** POST /api/booking straight to the server (for bookings a test needs but does not watch). */
export async function bookByApi(url: string, body: BookingInput) {
  const response = await fetch(`${url}/api/booking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

/** The booking e-mails sent to `to` so far, waiting up to 15 s for at least `count`. */
export async function bookingMailsTo(output: string[], to: string, count = 1) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = loggedMessages(output).filter((m) => m.to === to && m.channel === 'email');
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`No booking e-mail to ${to} in the server output`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The cancel link in a confirmation e-mail's text. */
export function cancelLinkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+\/reservation\/cancel\/[\w-]+/)?.[0];
  if (!link) throw new Error(`No cancel link in:\n${text}`);
  return link;
}

/** A date some days ahead (never today, so every slot of the day is offered) and its slots. */
export async function dayAhead(url: string, days: number) {
  const today = (await timingsOf(url)).date;
  const date = addDays(today, days);
  const { slots } = await timingsOf(url, date);
  if (slots.length < 3) throw new Error(`The demo shop has too few slots on ${date}`);
  return { today, date, slots };
}

/** The reservation page of the shop at `url`, once its times have arrived. */
export async function openReservation(page: Page, url: string) {
  await page.goto(`${url}/reservation`);
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
export async function calendarHasFocus(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.activeElement?.classList.contains('react-datepicker__day') ?? false,
      ),
    )
    .toBe(true);
}

/** A guest's details for the form, with a contact nobody else uses. */
export const person = () => ({
  name: 'Priya Shah',
  email: uniqueEmail('table'),
  phone: uniquePhone(),
  number_of_people: '4',
  message: 'A table by the window, if you have one',
});
