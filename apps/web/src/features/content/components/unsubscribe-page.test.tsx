import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire } from '../../../lib/testing/api-wire.ts';
import { UnsubscribePage } from './unsubscribe-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const token = 'a'.repeat(43);
const path = `/api/newsletter/unsubscribe/${token}`;

function renderPage() {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[`/unsubscribe/${token}`]}>
        <Routes>
          <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('the unsubscribe page', () => {
  it('changes nothing on opening; its button unsubscribes without signing in', async () => {
    const wire = stubApiWire({
      [path]: {
        status: 200,
        body: { status: 200, message: 'OK', data: { email: 'p•••@example.com', subscribed: true } },
      },
    });
    renderPage();
    await screen.findByText('p•••@example.com');
    expect(wire.sent.map((c) => c.method)).toEqual(['GET']);
    wire.answers[path] = {
      status: 200,
      body: {
        status: 200,
        message: 'You have been unsubscribed.',
        data: { email: 'p•••@example.com', subscribed: false },
      },
    };
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText(/You have been unsubscribed/);
    expect(wire.sent.at(-1)).toMatchObject({ method: 'POST', path, authorization: null });
  });

  it('says so when the link is not valid', async () => {
    stubApiWire({
      [path]: {
        status: 404,
        body: { status: 404, message: 'This unsubscribe link is not valid.' },
      },
    });
    renderPage();
    await screen.findByText(/This unsubscribe link is not valid/);
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toBeTruthy();
  });
});
