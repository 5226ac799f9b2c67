import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import type { CartLine } from '@servery/contract/cart';
import { tenancyAssetPath } from '@servery/contract/constants';
import type { StoreSummary } from '@servery/contract/menu';
import { MAX_LINE_QUANTITY, linePrice, subtotal } from '@servery/contract/pricing';
import { ActionBar, actionBarRoom } from '../../../components/ui/action-bar.tsx';
import { LINK_CLASS, buttonClass } from '../../../components/ui/button.tsx';
import { CardSection } from '../../../components/ui/card.tsx';
import { useMoney, type MoneyFormatter } from '../../../lib/money.ts';
import {
  cartCleared,
  lineQuantityChanged,
  lineRemoved,
  selectCartLines,
  type CartState,
} from '../cart-slice.ts';
import { MinimumOrder } from './minimum-order.tsx';

const STEP =
  'grid h-10 w-10 place-items-center rounded-full border border-stone-400 bg-white text-lg font-semibold outline-offset-2 disabled:opacity-40';

/** product.md §2 /cart: the basket's lines, its total and the store's minimum order. */
export function CartPage({ store }: { store: StoreSummary | null | undefined }) {
  const lines = useSelector((state: { cartList: CartState }) => selectCartLines(state));
  const dispatch = useDispatch();
  const money = useMoney();
  const total = subtotal(lines);

  if (lines.length === 0) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-12 text-center">
        <h1 className="text-3xl font-bold">Your basket</h1>
        <p className="mt-4 text-stone-800">Your basket is empty.</p>
        <Link to="/menu" className={buttonClass({ className: 'mt-6' })}>
          Browse the menu
        </Link>
      </div>
    );
  }

  return (
    <div className={`mx-auto w-full max-w-5xl px-4 pt-6 ${actionBarRoom('lg')}`}>
      <h1 className="text-3xl font-bold">Your basket</h1>
      {store ? (
        <p className="mt-1 text-stone-800">
          From <span className="font-semibold">{store.name}</span>
        </p>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section aria-labelledby="lines-title">
          <h2 id="lines-title" className="sr-only">
            Dishes
          </h2>
          <ul className="space-y-3">
            {lines.map((line) => (
              <CartLineRow
                key={line.id}
                line={line}
                money={money}
                onQuantity={(quantity) => dispatch(lineQuantityChanged({ id: line.id, quantity }))}
                onRemove={() => dispatch(lineRemoved(line.id))}
              />
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-4">
            <Link to="/menu" className={LINK_CLASS}>
              Add more dishes
            </Link>
            <button type="button" onClick={() => dispatch(cartCleared())} className={LINK_CLASS}>
              Empty basket
            </button>
          </div>
        </section>

        <CardSection aria-labelledby="summary-title" className="lg:sticky lg:top-20">
          <h2 id="summary-title" className="text-xl font-semibold">
            Summary
          </h2>
          <dl className="mt-3 flex justify-between text-lg">
            <dt>Subtotal</dt>
            <dd className="font-semibold" data-testid="cart-subtotal">
              {money(total)}
            </dd>
          </dl>
          <p className="mt-1 text-sm text-stone-700">
            Delivery fees and offers are added at checkout, where prices are checked again.
          </p>
          {store ? <MinimumOrder store={store} subtotal={total} money={money} /> : null}
          {/* Pinned to the bottom of the screen on phones: always in reach (issue 20). */}
          <ActionBar className="lg:mt-5">
            <Link to="/checkout" className={buttonClass({ className: 'w-full text-lg' })}>
              Go to checkout
            </Link>
          </ActionBar>
        </CardSection>
      </div>
    </div>
  );
}

interface CartLineRowProps {
  line: CartLine;
  money: MoneyFormatter;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

function CartLineRow({ line, money, onQuantity, onRemove }: CartLineRowProps) {
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-4 shadow-sm" data-testid="cart-line">
      {line.image ? (
        <img
          src={tenancyAssetPath(line.image)}
          alt=""
          width={64}
          height={64}
          className="h-16 w-16 shrink-0 rounded-xl bg-stone-100 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="font-semibold">{line.name}</h3>
          <p className="font-semibold" data-testid="line-price">
            {money(linePrice(line.unit_price, line.quantity))}
          </p>
        </div>
        {line.modifier_names.length > 0 ? (
          <p className="text-sm text-stone-700">{line.modifier_names.join(', ')}</p>
        ) : null}
        {line.note ? <p className="text-sm text-stone-700">Note: {line.note}</p> : null}
        <p className="text-sm text-stone-700">{money(line.unit_price)} each</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <div
            role="group"
            aria-label={`Quantity of ${line.name}`}
            className="flex items-center gap-2"
          >
            <button
              type="button"
              className={STEP}
              onClick={() => onQuantity(line.quantity - 1)}
              disabled={line.quantity <= 1}
              aria-label={`Decrease quantity of ${line.name}`}
            >
              −
            </button>
            <output className="w-8 text-center font-semibold" data-testid="line-quantity">
              {line.quantity}
            </output>
            <button
              type="button"
              className={STEP}
              onClick={() => onQuantity(line.quantity + 1)}
              disabled={line.quantity >= MAX_LINE_QUANTITY}
              aria-label={`Increase quantity of ${line.name}`}
            >
              +
            </button>
          </div>
          <button
            type="button"
            onClick={onRemove}
            className="ml-auto min-h-10 px-2 text-sm font-medium text-red-800 underline underline-offset-2"
            aria-label={`Remove ${line.name}`}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
