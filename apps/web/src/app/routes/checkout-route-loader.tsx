import { Suspense } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { pageAfterFirstPaint } from '../first-paint.ts';

const checkoutPage = pageAfterFirstPaint(() =>
  import('./checkout-route.tsx').then((m) => ({ default: m.CheckoutRoute })),
);

/**
 * The checkout's heading where the page draws it (checkout-page.tsx's Frame), a line for the
 * store's name, and its cards' place as tall as the screen: the footer stays below the fold, and
 * nothing on screen moves when the page replaces it.
 */
const placeholder = (
  <div className="mx-auto w-full max-w-5xl px-4 pt-6">
    <h1 className="text-3xl font-bold">Checkout</h1>
    <p className="mt-1" aria-hidden="true">
      &nbsp;
    </p>
    <div
      className="mt-6 grid min-h-svh gap-6 lg:grid-cols-[3fr_2fr] lg:items-start"
      aria-busy="true"
    >
      <div className="space-y-6">
        <Skeleton className="h-32" />
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
      <Skeleton className="h-64" />
    </div>
  </div>
);

/**
 * /checkout (for signed-in customers): the first frame is the heading and the cards' place, from
 * the main bundle; the checkout's code is fetched once that frame is on screen (app/first-paint.ts),
 * as the menu's and the booking form's are (docs/decisions/0030, 0048).
 */
export function CheckoutRouteLoader() {
  const requested = checkoutPage.useRequested();
  if (!requested) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <checkoutPage.Page />
    </Suspense>
  );
}
