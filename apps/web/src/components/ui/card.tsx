import type { ComponentProps } from 'react';

/** A white panel on the page's background: the storefront's and the staff application's one card. */
export const CARD_CLASS = 'rounded-2xl bg-white p-5 shadow-sm sm:p-6';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={className ? `${CARD_CLASS} ${className}` : CARD_CLASS} {...props} />;
}

export function CardSection({ className, ...props }: ComponentProps<'section'>) {
  return <section className={className ? `${CARD_CLASS} ${className}` : CARD_CLASS} {...props} />;
}

/** A small pill (a status, a count, a diet mark). Colours come from the caller. */
export const BADGE_CLASS = 'inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold';
