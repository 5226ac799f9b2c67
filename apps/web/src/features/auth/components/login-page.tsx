import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import {
  EMAIL_ONLY_SIGN_IN,
  INVALID_LOGIN_INPUT,
  loginContactOf,
  sanitizeLoginInput,
} from '@servery/contract/auth-rules';
import { refusedWith } from '@servery/contract/error-codes';
import { toastServerError } from '../../../lib/api.ts';
import { capturedReferralCode } from '../../../lib/referral.ts';
import { serverRefusal } from '../../../lib/server-error.ts';
import { useUserData } from '../../../lib/session.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { useRegisterMutation } from '../api.ts';
import { AuthCard, PRIMARY_BUTTON } from './auth-card.tsx';
import type { VerificationState } from './verification-page.tsx';
import { inputClass } from '../../../components/ui/input.tsx';

function storedContact(): string {
  try {
    return sanitizeLoginInput(localStorage.getItem(STORAGE_KEYS.user) ?? '');
  } catch {
    return '';
  }
}

/**
 * product.md §2 "Login screen": a phone number (or an e-mail address) gets a one-time code. The input
 * keeps focus: a tap beside it gives focus back, while Tab still reaches the button and links.
 * A shop that sends codes by e-mail only (decision 0020) asks for an e-mail address instead;
 * The product's texts (product.md) stay as they are everywhere else.
 */
/** The message of a 429 that says sign-in texts are paused (it names the phone field). */
function textsPausedMessage(error: unknown): string | null {
  if (!refusedWith(error, 'texts_paused')) return null;
  return serverRefusal(error)?.errors.phone ?? null;
}

export function LoginPage() {
  const user = useUserData();
  const config = useShopConfig();
  const navigate = useNavigate();
  const [register, { isLoading }] = useRegisterMutation();
  const [value, setValue] = useState(storedContact);
  const [invalid, setInvalid] = useState<string | null>(null);
  // The server's word that texts are paused (a 429 with errors.phone): e-mail is offered.
  const [textsPaused, setTextsPaused] = useState<string | null>(null);
  const emailOnly = (config ? !config.signInChannels.includes('sms') : false) || !!textsPaused;
  const sanitize = (text: string) => (emailOnly ? text.trimStart() : sanitizeLoginInput(text));
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
    // The next screen's code arrives while the visitor types, so Continue does not wait for it.
    void import('./verification-page.tsx');
  }, []);

  if (user) return <Navigate to="/menu" replace />;

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    // Focus going nowhere (a tap on the page) comes back; focus moving to a control stays there.
    if (event.relatedTarget === null) input.current?.focus();
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const contact = loginContactOf(value);
    if (!contact || (emailOnly && 'phone' in contact)) {
      setInvalid(contact ? (textsPaused ?? EMAIL_ONLY_SIGN_IN) : INVALID_LOGIN_INPUT);
      input.current?.focus();
      return;
    }
    try {
      localStorage.setItem(STORAGE_KEYS.user, 'email' in contact ? contact.email : contact.phone);
    } catch {
      // Storage disabled: the verification screen will send the visitor back here.
    }
    const referral = capturedReferralCode();
    const result = await register({ ...contact, ...(referral ? { referral_code: referral } : {}) });
    if ('error' in result) {
      const paused = 'phone' in contact ? textsPausedMessage(result.error) : null;
      if (paused && config?.signInChannels.includes('email')) {
        setTextsPaused(paused);
        setValue('');
        input.current?.focus();
        return;
      }
      toastServerError(result.error, { silentOn: [401] });
      return;
    }
    const state: VerificationState = {
      resendAt: Date.now() + result.data.data.resend_in * 1000,
      otpLength: result.data.data.otp_length,
    };
    navigate('/verification', { state });
  };

  const describedBy = invalid ? 'login-hint login-error' : 'login-hint';
  return (
    <AuthCard>
      <form onSubmit={handleSubmit} noValidate>
        <h1 id="login-title" className="text-2xl font-bold">
          {emailOnly ? 'What’s your e-mail address?' : 'What’s your phone number?'}
        </h1>
        <input
          ref={input}
          id="login-contact"
          name="contact"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          placeholder={emailOnly ? 'Enter e-mail address' : 'Enter phone number'}
          aria-labelledby="login-title"
          aria-describedby={describedBy}
          aria-invalid={invalid !== null}
          value={value}
          onChange={(event) => {
            setValue(sanitize(event.target.value));
            setInvalid(null);
          }}
          onBlur={handleBlur}
          className={inputClass({ size: 'lg', className: 'mt-5 text-lg' })}
        />
        {invalid ? (
          <p id="login-error" role="alert" className="mt-2 text-sm font-medium text-red-700">
            {invalid}
          </p>
        ) : null}
        <p
          id="login-hint"
          role={textsPaused ? 'status' : undefined}
          className="mt-2 text-sm text-stone-700"
        >
          {textsPaused ??
            (emailOnly
              ? 'We will send you a code by e-mail.'
              : 'We will send you a code. You can use your e-mail address instead.')}
        </p>
        <button
          type="submit"
          disabled={isLoading}
          aria-busy={isLoading}
          className={`${PRIMARY_BUTTON} mt-6`}
        >
          Continue
        </button>
        {emailOnly ? (
          <p className="mt-4 text-xs leading-relaxed text-stone-700">
            By continuing, you agree to receive e-mails from {config?.websiteName ?? 'this shop'} at
            the address you give, including your sign-in code.
          </p>
        ) : (
          <p className="mt-4 text-xs leading-relaxed text-stone-700">
            By continuing, you agree to receive calls, WhatsApp or SMS messages, including by
            automated means, from {config?.websiteName ?? 'this shop'} to the number you give,
            including your sign-in code.
          </p>
        )}
      </form>
    </AuthCard>
  );
}
