import { useState } from 'react';
import { Link } from 'react-router';
import type { PublicPromo } from '@servery/contract/promo';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import { shopDate, useShopTimeZone } from '../../../lib/shop-time.ts';
import { toast } from '../../../lib/toast.ts';
import { useGetPromosQuery } from '../api.ts';

const OUTLINE =
  'inline-flex items-center justify-center rounded-lg border border-stone-400 bg-white px-4 py-2 font-semibold outline-offset-2 hover:bg-stone-100';

/** "10% off" or "£5.00 off". */
const offOf = (promo: PublicPromo, money: MoneyFormatter) =>
  promo.kind === 'percent' ? `${promo.value}% off` : `${money(promo.value)} off`;

/** product.md §2 /promo: the shop's public promo codes, each with its terms and a copy button. */
export function PromoPage() {
  const {
    data: promos,
    isError,
    refetch,
  } = useGetPromosQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const money = useMoney();
  const timeZone = useShopTimeZone();
  const [copied, setCopied] = useState<string | null>(null);

  const handleCopy = async (code: string) => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(code);
      toast.success(`${code} copied. Paste it at checkout.`);
    } catch {
      toast.error(`Copying is not supported on this device. The code is ${code}.`);
    }
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16">
      <h1 className="text-3xl font-bold">Offers</h1>
      <p className="mt-1 text-stone-800">
        Enter a code at checkout. Each code’s terms are below; the shop checks them when you order.
      </p>
      {isError && !promos ? (
        <div role="alert" className="mt-6">
          <p>The offers could not be loaded.</p>
          <button type="button" onClick={() => void refetch()} className={`${OUTLINE} mt-3`}>
            Try again
          </button>
        </div>
      ) : !promos ? (
        <div className="mt-6 space-y-3" aria-busy="true">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : promos.length === 0 ? (
        <p className="mt-6">There are no offers at the moment. Please check again soon.</p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {promos.map((promo) => (
            <li
              key={promo.code}
              className="flex flex-col rounded-2xl bg-white p-5 shadow-sm"
              data-testid="promo"
            >
              <p className="text-sm font-semibold text-stone-700">{offOf(promo, money)}</p>
              <h2 className="mt-1 font-mono text-2xl font-bold tracking-wider">{promo.code}</h2>
              <p className="mt-2 text-stone-900">{promo.description}</p>
              <dl className="mt-3 space-y-1 text-sm">
                <div className="flex gap-2">
                  <dt className="font-semibold">Minimum order:</dt>
                  <dd>{promo.minimum_order > 0 ? money(promo.minimum_order) : 'none'}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-semibold">Ends:</dt>
                  <dd>
                    {promo.ends_at ? (
                      <time dateTime={promo.ends_at}>{shopDate(promo.ends_at, timeZone)}</time>
                    ) : (
                      'no end date'
                    )}
                  </dd>
                </div>
              </dl>
              <div className="mt-auto pt-4">
                <button
                  type="button"
                  onClick={() => void handleCopy(promo.code)}
                  className={OUTLINE}
                >
                  {copied === promo.code ? 'Copied' : 'Copy code'}
                  <span className="sr-only"> {promo.code}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/menu"
        className="mt-8 inline-block rounded-lg bg-primary px-5 py-3 font-semibold text-on-primary"
      >
        Order now
      </Link>
    </div>
  );
}
