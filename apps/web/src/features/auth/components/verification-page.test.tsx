import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../../../lib/session.ts';
import { createTestStore, stubApiWire, type Wire } from '../../../lib/testing/api-wire.ts';
import { VerificationPage } from './verification-page.tsx';

const userData = {
  token: 'token-1',
  expires_at: '2099-01-01T00:00:00.000Z',
  customer: {
    id: 'c1',
    first_name: '',
    last_name: '',
    email: null,
    phone: '07700900123',
    email_verified: false,
    phone_verified: true,
    marketing_consent: false,
    referral_code: 'PRIYA234',
  },
};

let wire: Wire;
beforeEach(() => {
  wire = stubApiWire({
    '/api/loadconfig': { status: 500, body: { status: 500, message: 'No configuration here' } },
    '/api/verify-otp': {
      status: 200,
      body: { status: 200, message: 'You are signed in.', data: userData },
    },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  signOut();
  localStorage.clear();
});

function renderVerification(state?: { resendAt: number; otpLength?: number }) {
  render(
    <Provider store={createTestStore()}>
      <MemoryRouter initialEntries={[{ pathname: '/verification', state }]}>
        <Routes>
          <Route path="/verification" element={<VerificationPage />} />
          <Route path="/login" element={<h1>Login</h1>} />
          <Route path="/menu" element={<h1>Menu</h1>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('the verification screen', () => {
  it('focuses the first box when it opens, ready for the code', async () => {
    localStorage.setItem('user', 'priya@example.com');
    renderVerification({ resendAt: 0, otpLength: 4 });
    const boxes = await screen.findAllByRole('textbox', { name: /^Digit \d of 4$/ });
    expect(document.activeElement).toBe(boxes[0]);
  });

  it('draws as many boxes as the code the server sent, and more when a resend sends a longer one', async () => {
    localStorage.setItem('user', 'priya@example.com');
    renderVerification({ resendAt: 0, otpLength: 6 });
    expect(await screen.findAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    cleanup();
    wire.answers['/api/resend-otp'] = {
      status: 200,
      body: {
        status: 200,
        message: 'We have sent you a new code.',
        data: {
          channel: 'email',
          contact: 'priya@example.com',
          otp_length: 6,
          resend_in: 60,
          expires_in_minutes: 10,
        },
      },
    };
    renderVerification({ resendAt: 0 });
    expect(await screen.findAllByRole('textbox', { name: /^Digit \d of 4$/ })).toHaveLength(4);
    await act(async () => screen.getByRole('button', { name: 'Resend' }).click());
    expect(await screen.findAllByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveLength(6);
    expect(screen.getByRole('button', { name: /^Resend OTP in \d+ seconds$/ })).toBeTruthy();
  });

  it('sends a visitor whose stored contact is missing or invalid to /login', async () => {
    renderVerification();
    await screen.findByRole('heading', { name: 'Login' });
    cleanup();
    localStorage.setItem('user', '12345');
    renderVerification();
    await screen.findByRole('heading', { name: 'Login' });
  });

  it('fills the boxes from the SMS where the browser reads it (WebOTP) and signs in', async () => {
    localStorage.setItem('user', '07700900123');
    let asked: CredentialRequestOptions | undefined;
    let deliver: (credential: { code: string }) => void = () => {};
    // Chrome on Android: the platform's WebOTP API.
    vi.stubGlobal('OTPCredential', class {});
    vi.stubGlobal('navigator', {
      ...navigator,
      credentials: {
        get: (options: CredentialRequestOptions) => {
          asked = options;
          return new Promise((resolve) => (deliver = resolve));
        },
      },
    });
    renderVerification();
    await screen.findByRole('heading', { name: 'Enter the 4-digit code sent to you at:' });
    expect(asked).toMatchObject({ otp: { transport: ['sms'] } });
    expect(asked?.signal).toBeInstanceOf(AbortSignal);

    await act(async () => deliver({ code: '4821' }));
    await screen.findByRole('heading', { name: 'Menu' });
    expect(wire.sent.find((c) => c.path === '/api/verify-otp')?.body).toEqual({
      phone: '07700900123',
      otp: '4821',
    });
    expect(localStorage.getItem('user')).toBeNull();
    expect(JSON.parse(localStorage.getItem('userData')!)).toEqual(userData);
    // Leaving the screen stops listening for the SMS.
    expect(asked?.signal?.aborted).toBe(true);
  });
});
