import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Subscriber } from '@servery/contract/personal-data';
import { ROLE_PERMISSIONS } from '@servery/contract/staff-roles';
import { stubApiWire, type WireAnswer } from '../../lib/testing/api-wire.ts';
import { AdminApp } from '../admin-app.tsx';
import { subscribersCsv } from './subscribers-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown): WireAnswer => ({
  status: 200,
  body: { status: 200, message: 'OK', data },
});
const rows: Subscriber[] = [
  {
    email: 'priya@example.com',
    phone: null,
    name: '',
    source: 'newsletter',
    consented_at: '2026-11-20T09:30:00.000Z',
  },
  {
    email: '=cmd@example.com',
    phone: '+447700900123',
    name: 'Shah, Priya',
    source: 'account',
    consented_at: '2026-07-01T18:05:00.000Z',
  },
];

describe('the subscribers screen', () => {
  it('lists each subscriber with the consent time and offers the CSV', async () => {
    stubApiWire({
      '/api/admin/session': ok({
        staff: { id: 's1', email: 'o@shop.test', name: 'Olu', role: 'owner' },
        permissions: [...ROLE_PERMISSIONS.owner],
        stores: [],
        whole_shop: true,
        shop: { name: 'Tandoor Lane', timeZone: 'Europe/London' },
        expires_at: '2099-01-01T00:00:00.000Z',
      }),
      '/api/admin/newsletter/subscribers': ok(rows),
    });
    render(
      <MemoryRouter initialEntries={['/admin/subscribers']}>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
      </MemoryRouter>,
    );
    await screen.findByText('2 subscribers');
    expect(screen.getByText('priya@example.com')).toBeTruthy();
    expect(screen.getByText('20 Nov 2026, 09:30')).toBeTruthy();
    // Summer time: 18:05 UTC is 19:05 in London.
    expect(screen.getByText('1 Jul 2026, 19:05')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('download')).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(decodeURIComponent(link.getAttribute('href')!.split(',').slice(1).join(','))).toBe(
      subscribersCsv(rows),
    );
  });

  it('writes the CSV with consent times, quoting and formulas kept as text', () => {
    expect(subscribersCsv(rows).split('\r\n')).toEqual([
      'E-mail,Phone,Name,Consent given through,Consent given at (UTC)',
      'priya@example.com,,,Newsletter form,2026-11-20T09:30:00.000Z',
      `'=cmd@example.com,+447700900123,"Shah, Priya",Account profile,2026-07-01T18:05:00.000Z`,
      '',
    ]);
  });
});
