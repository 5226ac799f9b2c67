import type { ComponentProps, ReactNode } from 'react';

/**
 * A choice drawn as a card (delivery or collection, a payment method, a time): the native radio
 * or checkbox inside keeps its own focus ring, and the card shows the checked state.
 */
export const CHOICE_CLASS =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-100';
export const RADIO_CLASS = 'mt-1 h-5 w-5 shrink-0 accent-primary';

export function Choice({
  children,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'children'> & { children: ReactNode }) {
  return (
    <label className={className ? `${CHOICE_CLASS} ${className}` : CHOICE_CLASS}>
      <input type="radio" className={RADIO_CLASS} {...input} />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  );
}
