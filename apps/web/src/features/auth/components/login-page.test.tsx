import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { toasts } from '../../../lib/toast.ts';
import { LoginPage } from './login-page.tsx';

let wire: Wire;

beforeEach(() => {
  wire = stubApiWire({
    '/api/loadconfig': { status: 500, body: { status: 500, message: 'No configuration here' } },
    '/api/register': {
      status: 200,
      body: {
        status: 200,
        message: 'We have sent you a code.',
        data: {
          channel: 'phone',
          contact: '07700900123',
          otp_length: 4,
          resend_in: 60,
          expires_in_minutes: 10,
        },
      },
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

function renderLogin() {
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
  return screen.getByRole('textbox', { name: 'What’s your phone number?' }) as HTMLInputElement;
}

describe('the login input', () => {
  it('is focused, keeps only the digits of a phone number, at most 12', async () => {
    const user = userEvent.setup();
    const input = renderLogin();
    expect(document.activeElement).toBe(input);
    expect(input.placeholder).toBe('Enter phone number');
    await user.type(input, '+44 (0) 7700-900');
    expect(input.value).toBe('4407700900');
    await user.type(input, '1234567');
    expect(input.value).toBe('440770090012');
  });

  it('still takes an e-mail address', async () => {
    const user = userEvent.setup();
    const input = renderLogin();
    await user.type(input, 'priya.shah+food@example.com');
    expect(input.value).toBe('priya.shah+food@example.com');
  });

  it('refuses what is neither an e-mail nor 10 to 12 digits, on the input, without a call', async () => {
    const user = userEvent.setup();
    const input = renderLogin();
    for (const typed of ['770090012', 'priya@example']) {
      await user.clear(input);
      await user.type(input, `${typed}{Enter}`);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe('Enter a valid input!');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    }
    expect(wire.sent.filter((call) => call.path === '/api/register')).toEqual([]);
    // Typing again takes the message away.
    await user.type(input, '3');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends digits as phone with a captured referral code, keeps the contact and moves on', async () => {
    const user = userEvent.setup();
    sessionStorage.setItem('servery:referral-code', 'FRIEND42');
    const input = renderLogin();
    await user.type(input, '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Verification' });
    expect(wire.sent.find((call) => call.path === '/api/register')?.body).toEqual({
      phone: '07700900123',
      referral_code: 'FRIEND42',
    });
    expect(localStorage.getItem('user')).toBe('07700900123');
  });

  it('shows the server’s refusal as an error toast, and none for a 401', async () => {
    const user = userEvent.setup();
    const input = renderLogin();
    wire.answers['/api/register'] = {
      status: 429,
      body: { status: 429, message: 'Too many codes sent. Please try again in 60 seconds.' },
    };
    await user.type(input, 'Priya@Example.com{Enter}');
    await vi.waitFor(() =>
      expect(toasts.get().map((t) => [t.kind, t.message])).toContainEqual([
        'error',
        'Too many codes sent. Please try again in 60 seconds.',
      ]),
    );
    expect(wire.sent.find((call) => call.path === '/api/register')?.body).toEqual({
      email: 'priya@example.com',
    });
    toasts.set([]);
    wire.answers['/api/register'] = { status: 401, body: { status: 401, message: 'Unauthorised' } };
    // The toast is raised as the call settles; the button is enabled again on the next render.
    const button = screen.getByRole('button', { name: 'Continue' });
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    await vi.waitFor(() =>
      expect(wire.sent.filter((call) => call.path === '/api/register')).toHaveLength(2),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toasts.get().filter((t) => t.message === 'Unauthorised')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'What’s your phone number?' })).toBeTruthy();
  });
});

describe('a shop that sends codes by e-mail only (decision 0020)', () => {
  beforeEach(() => {
    wire.answers['/api/loadconfig'] = {
      status: 200,
      body: {
        status: 200,
        message: 'Configuration loaded',
        data: { websiteName: 'Mail Shop', signInChannels: ['email'] },
      },
    };
  });

  function renderEmailLogin() {
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
  }

  it('asks for an e-mail address and refuses a phone number without a call', async () => {
    const user = userEvent.setup();
    renderEmailLogin();
    const input = (await screen.findByRole('textbox', {
      name: 'What’s your e-mail address?',
    })) as HTMLInputElement;
    expect(input.placeholder).toBe('Enter e-mail address');
    expect(screen.getByText(/agree to receive e-mails from Mail Shop/)).toBeTruthy();
    await user.type(input, '07700900123{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(
      'This shop sends sign-in codes by e-mail: enter your e-mail address',
    );
    expect(wire.sent.filter((call) => call.path === '/api/register')).toEqual([]);
    await user.clear(input);
    await user.type(input, 'Ann@Example.com{Enter}');
    await screen.findByRole('heading', { name: 'Verification' });
    expect(wire.sent.find((call) => call.path === '/api/register')?.body).toEqual({
      email: 'ann@example.com',
    });
  });
});
