import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '@servery/contract/staff';
import type { WireAnswer } from '../../lib/testing/api-wire.ts';
import { renderStaffScreen } from '../testing/render-staff-screen.tsx';
import { ok, staffSession } from '../testing/staff-app-fakes.ts';
import { StaffPage } from './staff-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CAMDEN = '6f1c2a9e-3b7d-4c1a-9e2f-0a1b2c3d4e5f';
const owner = {
  ...staffSession('owner'),
  stores: [
    { id: CAMDEN, name: 'Camden' },
    { id: '7a2d3b0f-4c8e-4d2b-8f3a-1b2c3d4e5f60', name: 'Islington' },
  ],
};
const cook: StaffMember = {
  id: 'c0c0c0c0-1111-4222-8333-444455556666',
  email: 'sam@shop.test',
  name: 'Sam Cook',
  role: 'staff',
  store_ids: [CAMDEN],
  status: 'active',
  created_at: '2026-11-01T10:00:00.000Z',
  last_sign_in_at: null,
};

function renderStaff(answers: Record<string, WireAnswer> = {}) {
  return renderStaffScreen(
    { path: '/admin/staff', routePath: '/admin/staff', element: <StaffPage /> },
    'owner',
    { '/api/admin/session': ok(owner), '/api/admin/staff': ok([cook]), ...answers },
  );
}
const posted = (wire: ReturnType<typeof renderStaff>) =>
  wire.sent.filter((call) => call.method !== 'GET');

describe('inviting someone', () => {
  it('names each problem at its field and sends nothing', async () => {
    const user = userEvent.setup();
    const wire = renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'sam.shop.test');
    await user.click(screen.getByRole('button', { name: 'Invite and e-mail them' }));

    const email = screen.getByRole('textbox', { name: /^E-mail address/ });
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe('staff-email-error');
    expect(screen.getByText('Please give a name.')).toBeTruthy();
    expect(screen.getByText('Choose at least one store.')).toBeTruthy();
    expect(posted(wire)).toEqual([]);
  });

  it('sends the contract’s body: the address lower-cased, the name trimmed, the stores ticked', async () => {
    const user = userEvent.setup();
    const wire = renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), ' Ada@Shop.Test ');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), ' Ada Lovelace ');
    await user.click(screen.getByRole('radio', { name: /^Manager/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Camden' }));
    wire.answers['POST /api/admin/staff'] = {
      status: 201,
      body: { status: 201, message: 'Invited.', data: { ...cook, name: 'Ada Lovelace' } },
    };
    await user.click(screen.getByRole('button', { name: 'Invite and e-mail them' }));

    expect(
      await screen.findByText('Ada Lovelace has been added and e-mailed where to sign in.'),
    ).toBeTruthy();
    expect(posted(wire).map((call) => [call.method, call.path, call.body])).toEqual([
      [
        'POST',
        '/api/admin/staff',
        { email: 'ada@shop.test', name: 'Ada Lovelace', role: 'manager', store_ids: [CAMDEN] },
      ],
    ]);
  });

  it('puts the server’s refusal on its field, with its message above the button', async () => {
    const user = userEvent.setup();
    const wire = renderStaff();
    await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'sam@shop.test');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Sam Again');
    await user.click(screen.getByRole('checkbox', { name: 'Islington' }));
    wire.answers['POST /api/admin/staff'] = {
      status: 409,
      body: {
        status: 409,
        message: 'Someone with this e-mail address is already on the staff.',
        data: null,
        errors: { email: 'Already on the staff.' },
      },
    };
    await user.click(screen.getByRole('button', { name: 'Invite and e-mail them' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Someone with this e-mail address is already on the staff.',
    );
    expect(screen.getByText('Already on the staff.').id).toBe('staff-email-error');
  });
});

describe('changing someone', () => {
  it('sends their name, role and stores, without the address', async () => {
    const user = userEvent.setup();
    const wire = renderStaff({
      [`PATCH /api/admin/staff/${cook.id}`]: ok({ ...cook, name: 'Sam Baker' }),
    });
    await user.click(await screen.findByRole('button', { name: /^Change\s?Sam Cook$/ }));
    expect(screen.queryByRole('textbox', { name: /^E-mail address/ })).toBeNull();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Sam Baker');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Sam Baker.')).toBeTruthy();
    expect(posted(wire).map((call) => [call.method, call.body])).toEqual([
      ['PATCH', { name: 'Sam Baker', role: 'staff', store_ids: [CAMDEN] }],
    ]);
  });
});

describe('removing someone', () => {
  it('asks first, with keeping them the focused choice, then removes', async () => {
    const user = userEvent.setup();
    const wire = renderStaff();
    await user.click(await screen.findByRole('button', { name: /^Remove\s?Sam Cook$/ }));
    const ask = screen.getByRole('dialog', { name: 'Remove Sam Cook?' });
    expect(ask.textContent).toContain(
      'They are signed out everywhere at once and can no longer sign in.',
    );
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Keep' }));
    await user.click(within(ask).getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posted(wire)).toEqual([]);

    wire.answers[`/api/admin/staff/${cook.id}`] = {
      status: 200,
      body: { status: 200, message: 'Removed. Their sessions have ended.', data: null },
    };
    await user.click(screen.getByRole('button', { name: /^Remove\s?Sam Cook$/ }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove' }));
    expect(await screen.findByText('Sam Cook has been removed.')).toBeTruthy();
    expect(posted(wire).map((call) => [call.method, call.path])).toEqual([
      ['DELETE', `/api/admin/staff/${cook.id}`],
    ]);
  });
});
