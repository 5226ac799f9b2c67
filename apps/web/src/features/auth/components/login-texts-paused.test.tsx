import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { toasts } from '../../../lib/toast.ts';
import { LoginPage } from './login-page.tsx';

// Issue 31, point 5: while a shop's sign-in texts are paused, the login screen offers e-mail.
const PAUSED =
  'Tandoor Lane is sending a lot of text messages right now. Sign-in texts are paused for up to 55 minutes: please use your e-mail address instead, and we will e-mail your code.';
let wire: Wire;

beforeEach(() => {
  wire = stubApiWire({
    '/api/loadconfig': {
      status: 200,
      body: {
        status: 200,
        message: 'Configuration loaded',
        data: { websiteName: 'Tandoor Lane', signInChannels: ['sms', 'email'] },
      },
    },
    '/api/register': {
      status: 429,
      body: { status: 429, message: PAUSED, data: null, errors: { phone: PAUSED } },
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  toasts.set([]);
});

describe('sign-in texts paused', () => {
  it('turns the phone question into the e-mail one, with the server’s message', async () => {
    const user = userEvent.setup();
    render(
      <Provider store={createTestStore()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/verification" element={<h1>Verification</h1>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    const phone = screen.getByRole('textbox', { name: 'What’s your phone number?' });
    await user.type(phone, '07700900123{Enter}');

    const email = (await screen.findByRole('textbox', {
      name: 'What’s your e-mail address?',
    })) as HTMLInputElement;
    expect(email.placeholder).toBe('Enter e-mail address');
    expect(email.value).toBe('');
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('status').textContent).toBe(PAUSED);
    expect(toasts.get()).toEqual([]);

    // A phone number again is answered on the screen, without another call.
    await user.type(email, '07700900123{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(PAUSED);
    expect(wire.sent.filter((call) => call.path === '/api/register')).toHaveLength(1);

    wire.answers['/api/register'] = {
      status: 200,
      body: {
        status: 200,
        message: 'We have sent you a code.',
        data: {
          channel: 'email',
          contact: 'ann@example.com',
          otp_length: 4,
          resend_in: 60,
          expires_in_minutes: 10,
        },
      },
    };
    await user.clear(email);
    await user.type(email, 'ann@example.com{Enter}');
    await screen.findByRole('heading', { name: 'Verification' });
    expect(wire.sent.filter((call) => call.path === '/api/register').at(-1)?.body).toEqual({
      email: 'ann@example.com',
    });
  });
});
