import type { ReactNode } from 'react';

export const PRIMARY_BUTTON =
  'block w-full rounded-lg bg-primary px-5 py-3 text-center font-semibold text-on-primary outline-offset-2 disabled:opacity-60';
export const SECONDARY_BUTTON =
  'rounded-lg border border-stone-400 px-4 py-2.5 font-semibold text-stone-900 outline-offset-2 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-70';

/** The narrow card the sign-in screens sit in, at 375 px as at 1280 px. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </div>
  );
}
