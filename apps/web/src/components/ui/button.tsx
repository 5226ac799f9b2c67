import type { ComponentProps } from 'react';

/**
 * The one button look of the storefront and the staff application. `buttonClass` gives the same
 * look to a router `Link` or an `<a>`; `Button` is a `<button type="button">` unless told otherwise.
 *
 * Sizes: `md` for the storefront, `lg` for the staff application (48 px targets for a tablet
 * across a counter). Variants: `primary` (the shop's colour: one per screen), `outline` (the
 * quieter choice beside it), `danger` (a decision that cannot be taken back), `ghost` (a
 * text-only action inside a row).
 */
export type ButtonVariant = 'primary' | 'outline' | 'danger' | 'ghost';
export type ButtonSize = 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 font-semibold outline-offset-2 focus-visible:outline-3 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60';

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-11 rounded-lg px-5 py-2.5',
  lg: 'min-h-12 rounded-xl px-5 text-base',
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-on-primary',
  outline: 'border-2 border-stone-400 bg-white text-stone-900 hover:bg-stone-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-primary underline underline-offset-2 hover:bg-stone-100',
};

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonLook = {}) {
  return [BASE, SIZES[size], VARIANTS[variant], className].filter(Boolean).join(' ');
}

export type ButtonProps = ComponentProps<'button'> & Omit<ButtonLook, 'className'>;

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}

/** An inline link in running text, in the shop's colour. */
export const LINK_CLASS = 'font-medium text-primary underline underline-offset-2';
