/** The account pages' field and button looks (kept apart so a page without a form stays small). */
export const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700 read-only:border-stone-300 read-only:bg-stone-100';
export const PRIMARY =
  'rounded-lg bg-primary px-5 py-2.5 font-semibold text-on-primary outline-offset-2 disabled:opacity-60';
export const OUTLINE =
  'rounded-lg border border-stone-400 px-5 py-2.5 font-semibold outline-offset-2 hover:bg-stone-100';
export const CARD = 'rounded-2xl bg-white p-5 shadow-sm sm:p-6';
