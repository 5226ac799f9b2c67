import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  LOGIN_FAILURE_SETTLE_MS,
  RESEND_COOLDOWN_SECONDS,
  VERIFY_ENTER_DELAY_MS,
  storedContactOf,
  type LoginContact,
} from '@servery/contract/auth-rules';
import { refusedWith } from '@servery/contract/error-codes';
import { serverMessage, toastServerError } from '../../../lib/api.ts';
import { forgetReferralCode } from '../../../lib/referral.ts';
import { takeReturnTo } from '../../../lib/return-to.ts';
import { signIn, useUserData } from '../../../lib/session.ts';
import { useShopConfig } from '../../../lib/shop-config.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { retryAfterOf, useResendOtpMutation, useVerifyOtpMutation } from '../api.ts';
import { AuthCard, PRIMARY_BUTTON, SECONDARY_BUTTON } from './auth-card.tsx';
import { OtpBoxes } from './otp-boxes.tsx';
import { useCountdown } from '../use-countdown.ts';
import { useWebOtp } from '../use-web-otp.ts';

/**
 * What the login screen hands over: when the server will take a resend (ms since epoch), and
 * how long the code it sent is (a contact under attack gets 6 digits whatever the shop's
 * setting: docs/decisions/0009).
 */
export interface VerificationState {
  resendAt: number;
  otpLength?: number;
}

function readStoredContact(): LoginContact | null {
  try {
    return storedContactOf(localStorage.getItem(STORAGE_KEYS.user));
  } catch {
    return null;
  }
}

/** product.md §2 "Verification screen": the stored contact must be valid, else back to /login. */
export function VerificationPage() {
  const user = useUserData();
  const [contact] = useState(readStoredContact);
  const location = useLocation();
  const shopLength = useShopConfig()?.otpLength ?? 4;
  // The length the server said it sent wins over the shop's setting; a resend may change it.
  const otpLength = (location.state as VerificationState | null)?.otpLength ?? shopLength;
  const [signedInOnArrival] = useState(user !== null);
  if (signedInOnArrival) return <Navigate to="/menu" replace />;
  // Signed in here: the form goes on to where the customer started (issue 30), not the menu.
  if (user) return null;
  if (!contact) return <Navigate to="/login" replace />;
  // A new length (the configuration arriving, a longer code) starts a fresh set of boxes.
  return <VerificationForm key={otpLength} contact={contact} otpLength={otpLength} />;
}

function VerificationForm({ contact, otpLength }: { contact: LoginContact; otpLength: number }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [verifyOtp] = useVerifyOtpMutation();
  const [resendOtp, { isLoading: resending }] = useResendOtpMutation();
  const empty = () => Array.from({ length: otpLength }, () => '');
  const [digits, setDigits] = useState(empty);
  const [incomplete, setIncomplete] = useState(false);
  // The server's word on a wrong code (with the tries left), shown under the boxes (issue 30).
  const [refused, setRefused] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [secondsLeft, startCountdown] = useCountdown(
    (location.state as VerificationState | null)?.resendAt ?? 0,
  );
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const address = 'email' in contact ? contact.email : contact.phone;

  useEffect(() => {
    const pendingTimers = timers.current;
    return () => pendingTimers.forEach(clearTimeout);
  }, []);
  const later = (run: () => void, ms: number) => timers.current.push(setTimeout(run, ms));
  const boxes = useRef<HTMLDivElement>(null);
  const firstBox = () => boxes.current?.querySelector('input')?.focus();
  // The code is what the visitor came to type: the first box is ready for it (keypad up).
  useEffect(() => {
    firstBox();
  }, []);

  const submit = async (code: string) => {
    if (code.length !== otpLength) {
      setIncomplete(true);
      return;
    }
    setPending(true);
    const result = await verifyOtp({ ...contact, otp: code });
    if ('error' in result) {
      if (refusedWith(result.error, 'bad_request')) {
        // A wrong code: said under the boxes, the digits cleared and the first box ready.
        setRefused(serverMessage(result.error));
        setDigits(empty());
        firstBox();
      } else toastServerError(result.error, { silentOn: [401] });
      // product.md §4: on failure the loading state ends after about a second; the visitor stays.
      later(() => setPending(false), LOGIN_FAILURE_SETTLE_MS);
      return;
    }
    localStorage.removeItem(STORAGE_KEYS.user);
    forgetReferralCode();
    signIn(result.data.data);
    navigate(takeReturnTo('/menu'), { replace: true });
  };

  // The latest submit for callbacks that outlive a render (the Enter delay, the SMS).
  const submitLatest = useRef(submit);
  useEffect(() => {
    submitLatest.current = submit;
  });

  useWebOtp('phone' in contact, otpLength, (code) => {
    setDigits(code.split(''));
    void submitLatest.current(code);
  });

  const handleChange = (next: string[]) => {
    setDigits(next);
    if (incomplete && next.every(Boolean)) setIncomplete(false);
    if (refused && next.some(Boolean)) setRefused(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) void submit(digits.join(''));
  };

  const handleEnter = () => {
    if (pending) return;
    const code = digits.join('');
    if (code.length !== otpLength) return setIncomplete(true);
    // product.md §5: Enter on a box submits after one second.
    setPending(true);
    later(() => void submitLatest.current(code), VERIFY_ENTER_DELAY_MS);
  };

  const handleResend = async () => {
    const result = await resendOtp(contact);
    firstBox();
    if ('error' in result) {
      const retryAfter = retryAfterOf(result.error);
      if (retryAfter) startCountdown(retryAfter);
      toastServerError(result.error, { silentOn: [401] });
      return;
    }
    // product.md §4: a successful resend clears the digits and starts the 60-second countdown.
    setDigits(empty());
    setIncomplete(false);
    toast.success(result.data.message);
    const resendIn = result.data.data.resend_in || RESEND_COOLDOWN_SECONDS;
    startCountdown(resendIn);
    if (result.data.data.otp_length !== otpLength) {
      // A longer code: the page starts again with as many boxes, keeping the countdown.
      const state: VerificationState = {
        resendAt: Date.now() + resendIn * 1000,
        otpLength: result.data.data.otp_length,
      };
      navigate('/verification', { replace: true, state });
    }
  };

  return (
    <AuthCard>
      <form onSubmit={handleSubmit} noValidate>
        <h1 id="verification-title" className="text-2xl font-bold">
          Enter the {otpLength}-digit code sent to you at:
        </h1>
        <p className="mt-1 text-lg font-medium break-all" data-testid="verification-contact">
          {address}
        </p>
        <div ref={boxes} className="mt-6">
          <OtpBoxes
            digits={digits}
            onChange={handleChange}
            onEnter={handleEnter}
            labelledBy="verification-title"
            describedBy={
              incomplete || refused ? 'verification-tip verification-error' : 'verification-tip'
            }
            invalid={incomplete || refused !== null}
          />
        </div>
        {refused && !incomplete ? (
          <p
            id="verification-error"
            role="alert"
            className="mt-3 text-center text-sm font-medium text-red-700"
          >
            {refused}
          </p>
        ) : null}
        {incomplete ? (
          <p
            id="verification-error"
            role="alert"
            className="mt-3 text-center text-sm font-medium text-red-700"
          >
            Enter all {otpLength} digits of the code.
          </p>
        ) : null}
        <p id="verification-tip" className="mt-4 text-center text-sm text-stone-700">
          Make sure you check your inbox and spam folders
        </p>
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending}
          className={`${PRIMARY_BUTTON} mt-6`}
        >
          Continue
        </button>
        <div className="mt-3 grid gap-3 sm:flex sm:items-center sm:justify-between">
          <button type="button" onClick={() => navigate('/login')} className={SECONDARY_BUTTON}>
            Back
          </button>
          <button
            type="button"
            onClick={handleResend}
            disabled={secondsLeft > 0 || resending}
            className={SECONDARY_BUTTON}
          >
            {secondsLeft > 0 ? `Resend OTP in ${secondsLeft} seconds` : 'Resend'}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}
