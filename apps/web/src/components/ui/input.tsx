import type { ComponentProps, ReactNode } from 'react';
import { FieldError } from './field-error.tsx';

/**
 * Form fields: one look for every input, select and text area, with the error state read from
 * `aria-invalid` so a field marked invalid for screen readers is also drawn so.
 */
export type FieldSize = 'md' | 'lg';

const BASE =
  'mt-1 block w-full border-stone-500 bg-white px-3 text-base text-stone-900 outline-none placeholder:text-stone-600 focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700 disabled:bg-stone-100 disabled:text-stone-600 read-only:border-stone-300 read-only:bg-stone-100';

const SIZES: Record<FieldSize, string> = {
  md: 'min-h-11 rounded-lg border py-2.5',
  lg: 'min-h-12 rounded-xl border-2 py-2',
};

export function inputClass({
  size = 'md',
  className,
}: { size?: FieldSize; className?: string } = {}) {
  return [BASE, SIZES[size], className].filter(Boolean).join(' ');
}

type Sized = { fieldSize?: FieldSize };

export function Input({ fieldSize, className, ...props }: ComponentProps<'input'> & Sized) {
  return <input className={inputClass({ size: fieldSize, className })} {...props} />;
}

export function Select({ fieldSize, className, ...props }: ComponentProps<'select'> & Sized) {
  return <select className={inputClass({ size: fieldSize, className })} {...props} />;
}

export function Textarea({ fieldSize, className, ...props }: ComponentProps<'textarea'> & Sized) {
  return <textarea className={inputClass({ size: fieldSize, className })} {...props} />;
}

export const LABEL_CLASS = 'block text-sm font-semibold text-stone-900';

/**
 * A labelled field with its hint and error under it. The control is the child; give it
 * `id={id}`, and `aria-describedby={errorId(id)}` with `aria-invalid` while `error` is set.
 */
export function Field({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-sm text-stone-700">{hint}</p> : null}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

export function errorId(id: string) {
  return `${id}-error`;
}
