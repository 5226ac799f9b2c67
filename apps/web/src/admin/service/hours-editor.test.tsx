import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ServiceStore } from '@servery/contract/service';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { createAdminState } from '../admin-state.ts';
import { HoursEditor } from './hours-editor.tsx';
import { SpecialDaysEditor } from './special-days-editor.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown): WireAnswer => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});
const store = (overrides: Partial<ServiceStore> = {}): ServiceStore => ({
  id: 'st1',
  name: 'Camden',
  is_closed: false,
  is_open_now: true,
  status_text: 'Closes at 10:00 PM',
  order_types: ['collection', 'delivery'],
  pause: null,
  busy_extra_minutes: 0,
  busy_until: null,
  hours: { monday: [{ opens: '11:00', closes: '15:00' }] },
  special_days: [],
  ...overrides,
});
const renderEditors = () =>
  render(
    <Provider store={createAdminState()}>
      <HoursEditor store={store()} />
      <SpecialDaysEditor store={store()} />
    </Provider>,
  );
const formOf = (heading: string) => screen.getByRole('heading', { name: heading }).closest('form')!;

// Finding 13 of the walk: "Save the message" waited for a change while both of these were on,
// red, with nothing changed. Every save of the Service page follows the message's rule.
describe('the Service page’s saves', () => {
  it('offer Save opening hours once the week differs from what is saved, and not after saving it', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({ '/api/admin/stores/st1/hours': ok(store()) });
    renderEditors();
    const save = await screen.findByRole('button', { name: 'Save opening hours' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Add a range on Monday' }));
    expect(save).toHaveProperty('disabled', false);
    // Taken back, the week is as saved again.
    const hours = formOf('Opening hours');
    await user.click(within(hours).getAllByRole('button', { name: 'Remove' })[1]!);
    expect(screen.queryAllByLabelText(/^Monday range \d opens$/)).toHaveLength(1);
    expect(save).toHaveProperty('disabled', true);

    const opens = screen.getByLabelText('Monday range 1 opens');
    await user.clear(opens);
    await user.type(opens, '12:00');
    expect(save).toHaveProperty('disabled', false);
    await user.click(save);
    expect(await within(hours).findByText('Opening hours saved.')).toBeTruthy();
    expect(wire.sent.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(save).toHaveProperty('disabled', true);
  });

  it('offer Save special days once a day is added, and not once it is taken away again', async () => {
    const user = userEvent.setup();
    stubApiWire({});
    renderEditors();
    const save = await screen.findByRole('button', { name: 'Save special days' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Add a special day' }));
    expect(save).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Remove this day' }));
    expect(save).toHaveProperty('disabled', true);
  });
});

describe('the opening hours', () => {
  it('names an overlapping range where it is, and sends nothing', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({});
    renderEditors();
    await user.click(await screen.findByRole('button', { name: 'Add a range on Monday' }));
    const opens = screen.getByLabelText('Monday range 2 opens');
    await user.clear(opens);
    await user.type(opens, '14:00');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    const hours = formOf('Opening hours');
    // Said on the range, and in the form's status line.
    expect(await within(hours).findAllByText('Overlaps Monday 11:00 AM – 3:00 PM')).toHaveLength(2);
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    expect(within(hours).getByRole('status').textContent).toBe(
      'Overlaps Monday 11:00 AM – 3:00 PM',
    );
    expect(wire.sent.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('sends the week as the contract has it, and puts the server’s complaint on the range it names', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/stores/st1/hours': {
        status: 400,
        body: {
          status: 400,
          message: 'Check the request body: hours.monday.1: Overlaps Sunday 4:00 PM – 2:00 AM',
          errors: { 'hours.monday.1': 'Overlaps Sunday 4:00 PM – 2:00 AM' },
        },
      },
    });
    renderEditors();
    await user.click(await screen.findByRole('button', { name: 'Add a range on Monday' }));
    const opens = screen.getByLabelText('Monday range 2 opens');
    await user.clear(opens);
    await user.type(opens, '17:30');
    await user.click(screen.getByRole('button', { name: 'Save opening hours' }));
    await screen.findByText('Overlaps Sunday 4:00 PM – 2:00 AM');
    expect(opens.getAttribute('aria-invalid')).toBe('true');
    // The whole week: a day without ranges is closed.
    expect(wire.sent.find((c) => c.method === 'PUT')?.body).toEqual({
      hours: {
        monday: [
          { opens: '11:00', closes: '15:00' },
          { opens: '17:30', closes: '22:00' },
        ],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
        sunday: [],
      },
    });
  });
});

describe('the special days', () => {
  it('asks a special day for its date before sending, then sends its hours', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({
      '/api/admin/stores/st1/special-days': ok(store()),
    });
    renderEditors();
    await user.click(await screen.findByRole('button', { name: 'Add a special day' }));
    await user.click(screen.getByRole('button', { name: 'Save special days' }));
    const days = formOf('Special days');
    // Beside a date picker, "Choose a date" (not "Use a date as YYYY-MM-DD": walk 2, item 25).
    expect(await within(days).findAllByText('Choose a date')).toHaveLength(2);
    expect(within(days).getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect(wire.sent.filter((c) => c.method === 'PUT')).toEqual([]);

    await user.type(within(days).getByLabelText('Date'), '2026-12-24');
    await user.click(within(days).getByRole('checkbox', { name: 'Closed all day' }));
    expect(within(days).getByLabelText('2026-12-24 range 1 opens')).toHaveProperty(
      'value',
      '12:00',
    );
    await user.click(screen.getByRole('button', { name: 'Save special days' }));
    expect(await within(days).findByText('Special days saved.')).toBeTruthy();
    expect(wire.sent.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/admin/stores/st1/special-days',
      body: {
        special_days: [
          { date: '2026-12-24', closed: false, hours: [{ opens: '12:00', closes: '18:00' }] },
        ],
      },
    });
  });

  it('names the date that is in the list twice, and clears that once it is changed', async () => {
    const user = userEvent.setup();
    const wire = stubApiWire({ '/api/admin/stores/st1/special-days': ok(store()) });
    renderEditors();
    const add = await screen.findByRole('button', { name: 'Add a special day' });
    await user.click(add);
    await user.click(add);
    const days = formOf('Special days');
    const [first, second] = within(days).getAllByLabelText('Date');
    await user.type(first!, '2026-12-25');
    await user.type(second!, '2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Save special days' }));
    const twice = '25 Dec 2026 is in the list twice: keep one';
    expect(await within(days).findAllByText(twice)).toHaveLength(2);
    expect(wire.sent.filter((c) => c.method === 'PUT')).toEqual([]);
    await user.clear(first!);
    await user.type(first!, '2026-12-24');
    await waitFor(() => expect(within(days).queryAllByText(twice)).toEqual([]));
    expect(second!.getAttribute('aria-invalid')).toBe('false');
  });
});
