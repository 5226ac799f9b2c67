/** The reservation screens' field and button looks. */
export const LABEL = 'block text-sm font-semibold text-stone-900';
export const INPUT =
  'mt-1 block w-full rounded-lg border border-stone-500 bg-white px-3 py-2.5 text-base text-stone-900 outline-none placeholder:text-stone-600 focus:border-primary focus:ring-4 focus:ring-primary/30 aria-[invalid=true]:border-red-700 disabled:bg-stone-100 disabled:text-stone-600';
/** Single-line fields (inputs and dropdowns) share one height. */
export const FIELD = `${INPUT} h-12`;
export const PRIMARY =
  'rounded-lg bg-primary px-6 py-3 font-semibold text-on-primary outline-offset-2 focus-visible:outline-3 focus-visible:outline-primary disabled:opacity-60';
export const OUTLINE =
  'rounded-lg border border-stone-500 bg-white px-4 py-2 font-semibold text-stone-900 outline-offset-2 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-primary';
export const CARD = 'rounded-2xl bg-white p-5 shadow-sm sm:p-8';
