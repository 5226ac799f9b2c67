/**
 * Class names of the staff application's controls: sized for a tablet across a counter (48 px
 * targets, large type) and still comfortable one-handed on a phone.
 */
export const ADMIN_BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold outline-offset-2 disabled:opacity-60';
export const ADMIN_PRIMARY = `${ADMIN_BUTTON} bg-primary text-on-primary`;
export const ADMIN_SECONDARY = `${ADMIN_BUTTON} border-2 border-stone-400 bg-white text-stone-900 hover:bg-stone-100`;
export const ADMIN_DANGER = `${ADMIN_BUTTON} bg-red-700 text-white hover:bg-red-800`;
export const ADMIN_INPUT =
  'mt-1 block min-h-12 w-full rounded-xl border-2 border-stone-400 bg-white px-3 text-base outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700';
export const ADMIN_CARD = 'rounded-2xl bg-white p-5 shadow-sm';
