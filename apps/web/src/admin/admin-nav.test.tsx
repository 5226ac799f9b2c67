import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffRole } from '@servery/contract/staff-roles';
import { stubApiWire } from '../lib/testing/api-wire.ts';
import { AdminApp } from './admin-app.tsx';
import { ADMIN_SECTIONS, sectionsFor } from './admin-sections.tsx';
import { deskOrder, ok, staffSession, stubStaffBrowser } from './testing/staff-app-fakes.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen's width as `matchMedia` reports it, which can be turned like a tablet. */
function stubScreen(width: number) {
  const listeners = new Set<() => void>();
  let current = width;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    // The header asks one thing: narrower than 48 rem (768 px)?
    get matches() {
      expect(query).toBe('not all and (min-width: 48rem)');
      return current < 768;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    turnTo(next: number) {
      current = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

function renderAdminAt(path: string, role: StaffRole, waiting = 0) {
  stubStaffBrowser();
  stubApiWire({
    '/api/admin/session': ok(staffSession(role)),
    '/api/admin/orders': ok({
      orders: Array.from({ length: waiting }, (_, i) => deskOrder(1001 + i)),
      next_cursor: null,
    }),
    '/api/admin/stores': ok([]),
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Staff sections' });
const sectionsButton = () => within(nav()).getByRole('button', { name: 'Sections' });
const linkNames = () =>
  within(nav())
    .queryAllByRole('link')
    .map((link) => link.textContent);
const labelsOf = (role: StaffRole) => [
  'Home',
  ...sectionsFor(staffSession(role)).map((s) => s.label),
];

describe('the staff header on a phone (375 px)', () => {
  it('folds every section into a Sections menu that opens below its button and closes on the way to one', async () => {
    const user = userEvent.setup();
    stubScreen(375);
    renderAdminAt('/admin', 'owner');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Priya' });
    // Closed: the button says so and names the list it opens; the screen's name is beside it.
    const button = sectionsButton();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list.tagName).toBe('UL');
    expect(list.hidden).toBe(true);
    expect(linkNames()).toEqual([]);
    expect(within(nav()).getByText('Home', { selector: 'p' })).toBeTruthy();

    // Open: every section an owner may open is a link in the list, none left out.
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(list.hidden).toBe(false);
    expect(linkNames()).toEqual(labelsOf('owner'));
    expect(labelsOf('owner')).toHaveLength(ADMIN_SECTIONS.length + 1);
    const home = within(list).getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');

    // Choosing one goes there and folds the list; focus is back on the button, not lost.
    await user.click(within(list).getByRole('link', { name: 'Service' }));
    await screen.findByRole('heading', { level: 1, name: /^Service/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(list.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    expect(within(nav()).getByText('Service', { selector: 'p' })).toBeTruthy();
  });

  it('is worked from the keyboard: Enter opens it, Tab reaches the links, Escape closes it', async () => {
    const user = userEvent.setup();
    stubScreen(375);
    renderAdminAt('/admin/service', 'staff');
    await screen.findByRole('heading', { level: 1, name: /^Service/ });
    sectionsButton().focus();
    await user.keyboard('{Enter}');
    expect(sectionsButton().getAttribute('aria-expanded')).toBe('true');
    // Staff see their own sections, and only those.
    expect(linkNames()).toEqual(labelsOf('staff'));
    expect(linkNames()).not.toContain('Staff');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Home');
    await user.keyboard('{Escape}');
    expect(sectionsButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(sectionsButton());
    // The button again closes it too.
    await user.click(sectionsButton());
    await user.click(sectionsButton());
    expect(sectionsButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('says how many orders wait while the list is folded, and counts them on the desk inside it', async () => {
    const user = userEvent.setup();
    stubScreen(375);
    renderAdminAt('/admin', 'staff', 2);
    const waiting = await screen.findByRole('link', { name: '2 orders waiting.' });
    expect(waiting.getAttribute('href')).toBe('/admin/desk');
    await user.click(sectionsButton());
    expect(within(nav()).getByRole('link', { name: /^Order desk/ }).textContent).toBe(
      'Order desk, 2 waiting',
    );
  });
});

describe('the staff header from a tablet up', () => {
  it('shows every section at once, with no menu button, and the count on the desk link alone', async () => {
    stubScreen(1024);
    renderAdminAt('/admin', 'owner', 3);
    await screen.findByRole('heading', { level: 1, name: 'Hello, Priya' });
    expect(within(nav()).queryByRole('button')).toBeNull();
    expect(linkNames()).toContain('Customers');
    await waitFor(() =>
      expect(within(nav()).getByRole('link', { name: /^Order desk/ }).textContent).toBe(
        'Order desk, 3 waiting',
      ),
    );
    // The words are still said to a screen reader, but not shown twice.
    expect(screen.queryByRole('link', { name: '3 orders waiting.' })).toBeNull();
    expect(screen.getByText('3 orders waiting.').closest('[aria-live]')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByText('Priya Shah · Owner')).toBeTruthy();
  });

  it('folds the sections when a tablet is turned to a phone’s width, and shows them when turned back', async () => {
    const user = userEvent.setup();
    const tablet = stubScreen(1024);
    renderAdminAt('/admin', 'manager');
    await screen.findByRole('heading', { level: 1, name: 'Hello, Priya' });
    expect(linkNames()).toEqual(labelsOf('manager'));
    tablet.turnTo(600);
    expect(linkNames()).toEqual([]);
    await user.click(sectionsButton());
    expect(linkNames()).toEqual(labelsOf('manager'));
    tablet.turnTo(800);
    expect(within(nav()).queryByRole('button')).toBeNull();
    expect(linkNames()).toEqual(labelsOf('manager'));
  });
});
