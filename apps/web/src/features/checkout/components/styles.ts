/** The checkout and payment pages' looks (kept apart so each page's chunk stays small). */
export const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2.5 outline-none focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700';
export const PRIMARY =
  'inline-flex items-center justify-center rounded-lg bg-primary px-5 py-3 font-semibold text-on-primary outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
export const OUTLINE =
  'inline-flex items-center justify-center rounded-lg border border-stone-400 bg-white px-4 py-2.5 font-semibold outline-offset-2 hover:bg-stone-100';
export const CARD = 'rounded-2xl bg-white p-5 shadow-sm sm:p-6';
export const LINK = 'font-medium text-primary underline underline-offset-2';
/** A choice drawn as a card: the native radio inside keeps its own focus ring. */
export const CHOICE =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 p-3 has-[:checked]:border-primary has-[:checked]:bg-stone-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-100';
export const RADIO = 'mt-1 h-5 w-5 shrink-0 accent-primary';
export const PROBLEM =
  'rounded-lg border-l-4 border-red-700 bg-red-50 px-3 py-2 text-sm text-red-950';
export const NOTICE =
  'rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-amber-950';
