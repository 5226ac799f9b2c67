import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { StaffCodeRequest, StaffSignInRequest } from '@servery/contract/staff';
import { STAFF_CODE_LENGTH } from '@servery/contract/staff-roles';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import {
  signInFormSchema,
  ZAskCodeForm,
  type AskCodeValues,
  type SignInValues,
} from './sign-in-schema.ts';
import { useAskStaffCodeMutation, useSignInStaffMutation } from './sign-in-api.ts';
import { formResolver } from '../../lib/plain-words.ts';

/** Staff sign-in: an e-mail address, then the 6-digit code e-mailed to it. */
export function SignInPage({ shopName }: { shopName: string }) {
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const [email, setEmail] = useState('');
  return (
    <main className="flex min-h-screen items-start justify-center bg-stone-100 px-4 py-12 sm:items-center">
      <div className={`${CARD_CLASS} w-full max-w-md`}>
        <p className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{shopName}</p>
        <h1 className="mt-1 text-3xl font-bold">Staff sign-in</h1>
        {sent ? (
          <CodeStep sent={sent} onAnotherAddress={() => setSent(null)} />
        ) : (
          <EmailStep
            email={email}
            onSent={(to, message) => {
              setEmail(to);
              setSent({ email: to, message });
            }}
          />
        )}
      </div>
    </main>
  );
}

/** The error under a step's one field, which describes it. */
function StepError({ message }: { message: string | undefined }) {
  return <ProblemLine id="sign-in-error" message={message} />;
}

function EmailStep({
  email,
  onSent,
}: {
  email: string;
  onSent: (email: string, message: string) => void;
}) {
  const [askCode, asking] = useAskStaffCodeMutation();
  const form = useForm<AskCodeValues, unknown, StaffCodeRequest>({
    resolver: formResolver(ZAskCodeForm),
    defaultValues: { email },
  });
  const error = form.formState.errors.email?.message;
  useEffect(() => form.setFocus('email'), [form]);

  const handleSubmit = form.handleSubmit(async (body) => {
    const result = await askCode(body);
    if ('error' in result) {
      const message = adminFieldErrors(result.error).email ?? adminErrorMessage(result.error);
      return form.setError('email', { type: 'server', message });
    }
    onSent(body.email, result.data.message);
  });

  return (
    <form className="mt-6 space-y-4" onSubmit={handleSubmit} noValidate>
      <label className="block text-lg font-medium">
        Work e-mail address
        <input
          className={inputClass({ size: 'lg' })}
          type="email"
          autoComplete="email"
          inputMode="email"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'sign-in-error' : undefined}
          {...form.register('email')}
        />
      </label>
      <StepError message={error} />
      <button
        type="submit"
        className={`${buttonClass({ size: 'lg' })} w-full`}
        disabled={asking.isLoading}
      >
        {asking.isLoading ? 'Sending…' : 'Send me a code'}
      </button>
    </form>
  );
}

function CodeStep({
  sent,
  onAnotherAddress,
}: {
  sent: { email: string; message: string };
  onAnotherAddress: () => void;
}) {
  const [signIn, signingIn] = useSignInStaffMutation();
  const schema = useMemo(() => signInFormSchema(sent.email), [sent.email]);
  const form = useForm<SignInValues, unknown, StaffSignInRequest>({
    resolver: formResolver(schema),
    defaultValues: { otp: '' },
  });
  const error = form.formState.errors.otp?.message;
  const otp = form.register('otp');
  useEffect(() => form.setFocus('otp'), [form]);

  const handleSubmit = form.handleSubmit(async (body) => {
    const result = await signIn(body);
    if ('error' in result)
      form.setError('otp', { type: 'server', message: adminErrorMessage(result.error) });
  });

  return (
    <form className="mt-6 space-y-4" onSubmit={handleSubmit} noValidate>
      <p role="status" className="text-stone-700">
        {sent.message} Sent to <strong>{sent.email}</strong>.
      </p>
      <label className="block text-lg font-medium">
        {STAFF_CODE_LENGTH}-digit code
        <input
          className={`${inputClass({ size: 'lg' })} text-2xl tracking-[0.4em]`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={STAFF_CODE_LENGTH}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'sign-in-error' : undefined}
          {...otp}
          onChange={(event) => {
            // Digits only: a letter typed by mistake never shows.
            event.target.value = event.target.value.replace(/\D/g, '');
            return otp.onChange(event);
          }}
        />
      </label>
      <StepError message={error} />
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
        onClick={onAnotherAddress}
      >
        Use another address or send a new code
      </button>
    </form>
  );
}
