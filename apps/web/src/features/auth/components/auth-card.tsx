import type { ReactNode } from 'react';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';

/** The sign-in screens' main action spans the card. */
export const PRIMARY_BUTTON = buttonClass({ className: 'w-full' });
export const SECONDARY_BUTTON = buttonClass({ variant: 'outline' });

/** The narrow card the sign-in screens sit in, at 375 px as at 1280 px. */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <div className={CARD_CLASS}>{children}</div>
    </div>
  );
}
