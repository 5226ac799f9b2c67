import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PARTY, type DiaryDay } from '@servery/contract/diary';
import type { StaffRole } from '@servery/contract/staff-roles';
import { stubApiWire, type Wire } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { diaryBooking, ok, staffSession } from '../testing/staff-app-fakes.ts';
import { BookingCard } from './booking-card.tsx';
import { DiaryNotice } from './diary-notice.ts';

// "Change…" on a booked party: the form, what it sends, and what it says. Only Date is faked.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime('2026-11-27T12:00:00.000Z');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const slot = (time: string, covers: number) => ({
  time,
  covers,
  capacity: 20,
  closed: false,
  bookings: [],
});
const dayWith = (date: string, slots: ReturnType<typeof slot>[]) =>
  ({
    date,
    time_zone: 'Europe/London',
    store: { id: 'st1', name: 'Camden' },
    capacity_per_slot: 20,
    services: [{ id: '18:00-22:00', label: 'Dinner 18:00–22:00', covers: 0, bookings: 0, slots }],
    other: [],
    requests: [],
    closeouts: [],
    totals: { covers: 0, bookings: 0, requested: 0 },
  }) satisfies DiaryDay;
const friday = dayWith('2026-11-27', [
  slot('07:00 PM', 10),
  slot('07:30 PM', 20),
  slot('08:00 PM', 4),
]);

let notices: string[];
async function openForm(
  role: StaffRole = 'staff',
  answers: Wire['answers'] = {},
  booking = diaryBooking(),
) {
  notices = [];
  const wire = stubApiWire({
    '/api/admin/session': ok(staffSession(role)),
    'GET /api/admin/bookings': ok(friday),
    ...answers,
  });
  render(
    <Provider store={createAdminState()}>
      <DiaryNotice.Provider value={(message) => notices.push(message)}>
        <ul>
          <BookingCard booking={booking} />
        </ul>
      </DiaryNotice.Provider>
    </Provider>,
  );
  await userEvent.click(screen.getByRole('button', { name: /^Change…\s?Priya Shah, \d+$/ }));
  const form = await screen.findByRole('form', { name: 'Change Priya Shah’s booking' });
  // The day's times have arrived, with the one booked chosen.
  await waitFor(() =>
    expect((within(form).getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe(
      '07:00 PM',
    ),
  );
  return { wire, form: within(form) };
}
const sentChanges = (wire: Wire) => wire.sent.filter((c) => c.method === 'PATCH');
/** The party's size as its − / + stepper shows it. */
const party = (form: Awaited<ReturnType<typeof openForm>>['form']) =>
  within(form.getByRole('group', { name: 'People' })).getByRole('status').textContent;

describe('changing a booking from the diary', () => {
  it('opens on the booking as it stands, with each time’s free seats, and “Keep as it is” sends nothing', async () => {
    const { wire, form } = await openForm();
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-27');
    expect((form.getByLabelText('Date') as HTMLInputElement).min).toBe('2026-11-27');
    // The party's size is counted with big − and + buttons, not a number box's small spinner.
    expect(party(form)).toBe('4');
    expect(form.queryByRole('spinbutton')).toBeNull();
    // The party's own four seats count as free in its own time.
    expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a time',
      '7:00 PM · 14 free',
      '7:30 PM · full',
      '8:00 PM · 16 free',
    ]);
    expect(
      form.getByText('priya@example.com is e-mailed the booking as it will stand.'),
    ).toBeTruthy();
    expect(form.queryByRole('checkbox', { name: /overbook/ })).toBeNull();
    await userEvent.click(form.getByRole('button', { name: 'Keep as it is' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(sentChanges(wire)).toEqual([]);
  });

  it('offers no time today that has already passed, as the booking form does, but keeps the party’s own', async () => {
    // Walk 2, item 6: at 8:04 PM the list offered 12:00 PM … 7:30 PM of the same day.
    vi.setSystemTime('2026-11-27T19:40:00.000Z');
    const { form } = await openForm();
    expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a time',
      '7:00 PM · 14 free',
      '8:00 PM · 16 free',
    ]);
  });

  it('refuses, before sending, a change that changes nothing and a date that cannot be; a party stops at 1', async () => {
    const { wire, form } = await openForm();
    const save = form.getByRole('button', { name: 'Save and e-mail the guest' });
    await userEvent.click(save);
    await form.findByText(
      'That is the booking as it stands: change the date, the time or the party size.',
    );
    // A party stops at 1 person: − says so and does nothing more.
    const fewer = form.getByRole('button', { name: 'One person fewer' });
    for (let i = 0; i < 4; i += 1) await userEvent.click(fewer);
    expect(party(form)).toBe('1');
    expect(fewer.getAttribute('aria-disabled')).toBe('true');
    const date = form.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-26');
    await userEvent.click(save);
    await form.findByText('Choose today or a later date');
    expect(sentChanges(wire)).toEqual([]);
  });

  it('sends the new time and size as the contract’s body, then says so above the day', async () => {
    const { wire, form } = await openForm('staff', {
      'PATCH /api/admin/bookings/b1': ok(
        diaryBooking({ time: '08:00 PM', people: '6', covers: 6 }),
      ),
    });
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Time' }), '08:00 PM');
    const more = form.getByRole('button', { name: 'One person more' });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(party(form)).toBe('6');
    await userEvent.click(form.getByRole('button', { name: 'Save and e-mail the guest' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(sentChanges(wire).map((c) => [c.path, c.body])).toEqual([
      [
        '/api/admin/bookings/b1',
        { date: '2026-11-27', time: '08:00 PM', number_of_people: 6, over_capacity: false },
      ],
    ]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      /^Priya Shah: now 6 people on Friday,? 27 November 2026 at 8:00 PM\.$/,
    );
  });

  it('offers another day’s times, and asks for one when the booked time is not among them', async () => {
    const { wire, form } = await openForm();
    wire.answers['GET /api/admin/bookings'] = ok(
      dayWith('2026-11-28', [slot('12:00 PM', 0), slot('12:30 PM', 18)]),
    );
    const date = form.getByLabelText('Date');
    await userEvent.clear(date);
    await userEvent.type(date, '2026-11-28');
    await waitFor(() =>
      expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual([
        'Choose a time',
        '12:00 PM · 20 free',
        '12:30 PM · 2 free',
      ]),
    );
    expect(wire.sent.at(-1)?.query).toEqual({ date: '2026-11-28' });
    expect((form.getByRole('combobox', { name: 'Time' }) as HTMLSelectElement).value).toBe('');
    await userEvent.click(form.getByRole('button', { name: 'Save and e-mail the guest' }));
    await form.findByText('Choose a time', { selector: 'p' });
    expect(sentChanges(wire)).toEqual([]);
  });

  it('puts the server’s refusal on its field, and lets a manager overbook', async () => {
    const full = '07:30 PM has no room for 4 more people.';
    const { wire, form } = await openForm('manager', {
      'PATCH /api/admin/bookings/b1': {
        status: 409,
        body: { status: 409, message: full, data: null, errors: { time: full } },
      },
    });
    const time = form.getByRole('combobox', { name: 'Time' });
    await userEvent.selectOptions(time, '07:30 PM');
    await userEvent.click(form.getByRole('button', { name: 'Save and e-mail the guest' }));
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(form.getAllByText(full).map((n) => n.tagName)).toEqual(['P', 'P']);
    await userEvent.click(form.getByRole('checkbox', { name: /overbook/ }));
    await userEvent.click(form.getByRole('button', { name: 'Save and e-mail the guest' }));
    expect(sentChanges(wire).at(-1)?.body).toMatchObject({ time: '07:30 PM', over_capacity: true });
  });

  it('stops a party at the most one booking seats, as the add form does', async () => {
    const { form } = await openForm(
      'staff',
      {},
      diaryBooking({ people: String(MAX_PARTY - 1), covers: MAX_PARTY - 1 }),
    );
    const more = form.getByRole('button', { name: 'One person more' });
    await userEvent.click(more);
    await userEvent.click(more);
    expect(party(form)).toBe(String(MAX_PARTY));
    expect(more.getAttribute('aria-disabled')).toBe('true');
  });

  it('puts the server’s word on the party’s size under its stepper', async () => {
    const large = 'A party this size is a request: ring the restaurant.';
    const { form } = await openForm('staff', {
      'PATCH /api/admin/bookings/b1': {
        status: 400,
        body: { status: 400, message: large, data: null, errors: { number_of_people: large } },
      },
    });
    await userEvent.click(form.getByRole('button', { name: 'One person more' }));
    await userEvent.click(form.getByRole('button', { name: 'Save and e-mail the guest' }));
    const people = form.getByRole('group', { name: 'People' });
    await waitFor(() => expect(people.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(people.getAttribute('aria-describedby')!)?.textContent).toBe(
      large,
    );
  });
});
