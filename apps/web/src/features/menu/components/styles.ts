/** The catalogue pages' shared looks (kept apart so each page's chunk stays small). */
export const PRIMARY =
  'inline-flex items-center justify-center rounded-lg bg-primary px-4 py-2.5 font-semibold text-on-primary outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
export const OUTLINE =
  'inline-flex items-center justify-center rounded-lg border border-stone-400 bg-white px-4 py-2.5 font-semibold outline-offset-2 hover:bg-stone-100';
export const CARD = 'rounded-2xl bg-white p-4 shadow-sm sm:p-5';
export const LINK = 'font-medium text-primary underline underline-offset-2';
export const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold';
