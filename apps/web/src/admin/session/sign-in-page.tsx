import { useEffect, useRef, useState, type FormEvent } from 'react';
import { STAFF_CODE_LENGTH } from '@servery/contract/staff-roles';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { useAskStaffCodeMutation, useSignInStaffMutation } from './sign-in-api.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Staff sign-in: an e-mail address, then the 6-digit code e-mailed to it. */
export function SignInPage({ shopName }: { shopName: string }) {
  const [email, setEmail] = useState('');
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [sentMessage, setSentMessage] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const [askCode, asking] = useAskStaffCodeMutation();
  const [signIn, signingIn] = useSignInStaffMutation();
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step === 'code' ? codeInput : emailInput).current?.focus();
  }, [step]);

  async function handleEmail(event: FormEvent) {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError('Enter your work e-mail address.');
      return;
    }
    setError('');
    const result = await askCode({ email: email.trim() });
    if ('error' in result) {
      setError(adminFieldErrors(result.error).email ?? adminErrorMessage(result.error));
      return;
    }
    setSentMessage(result.data.message);
    setOtp('');
    setStep('code');
  }

  async function handleCode(event: FormEvent) {
    event.preventDefault();
    if (!new RegExp(`^\\d{${STAFF_CODE_LENGTH}}$`).test(otp)) {
      setError(`Enter the ${STAFF_CODE_LENGTH}-digit code from the e-mail.`);
      return;
    }
    setError('');
    const result = await signIn({ email: email.trim(), otp });
    if ('error' in result) setError(adminErrorMessage(result.error));
  }

  const errorId = error ? 'sign-in-error' : undefined;
  return (
    <main className="flex min-h-screen items-start justify-center bg-stone-100 px-4 py-12 sm:items-center">
      <div className={`${CARD_CLASS} w-full max-w-md`}>
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{shopName}</p>
        <h1 className="mt-1 text-3xl font-bold">Staff sign-in</h1>
        {step === 'email' ? (
          <form className="mt-6 space-y-4" onSubmit={handleEmail} noValidate>
            <label className="block text-lg font-medium">
              Work e-mail address
              <input
                ref={emailInput}
                className={inputClass({ size: 'lg' })}
                type="email"
                name="email"
                autoComplete="email"
                inputMode="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={errorId}
              />
            </label>
            {error && (
              <p id="sign-in-error" role="alert" className="font-medium text-red-700">
                {error}
              </p>
            )}
            <button
              type="submit"
              className={`${buttonClass({ size: 'lg' })} w-full`}
              disabled={asking.isLoading}
            >
              {asking.isLoading ? 'Sending…' : 'Send me a code'}
            </button>
          </form>
        ) : (
          <form className="mt-6 space-y-4" onSubmit={handleCode} noValidate>
            <p role="status" className="text-stone-700">
              {sentMessage} Sent to <strong>{email.trim()}</strong>.
            </p>
            <label className="block text-lg font-medium">
              {STAFF_CODE_LENGTH}-digit code
              <input
                ref={codeInput}
                className={`${inputClass({ size: 'lg' })} text-2xl tracking-[0.4em]`}
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={STAFF_CODE_LENGTH}
                value={otp}
                onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
                aria-invalid={Boolean(error)}
                aria-describedby={errorId}
              />
            </label>
            {error && (
              <p id="sign-in-error" role="alert" className="font-medium text-red-700">
                {error}
              </p>
            )}
            <button
              type="submit"
              className={`${buttonClass({ size: 'lg' })} w-full`}
              disabled={signingIn.isLoading}
            >
              {signingIn.isLoading ? 'Signing in…' : 'Sign in'}
            </button>
            <button
              type="button"
              className={`${buttonClass({ variant: 'outline', size: 'lg' })} w-full`}
              onClick={() => {
                setStep('email');
                setError('');
              }}
            >
              Use another address or send a new code
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
