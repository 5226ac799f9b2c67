import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { subtotal } from '@servery/contract/pricing';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useMoney } from '../../../lib/money.ts';
import { selectCartLines, type CartState } from '../cart-slice.ts';

/** The body's mark while the bar shows: index.css gives the page room under it on phones. */
const BAR_MARK = 'data-basket-bar';

/**
 * On phones, once the basket holds something: a bar pinned to the bottom of the catalogue
 * pages with the item count and total, one tap from /cart. Hidden from `sm` up, where the
 * header's cart button is in reach.
 */
export function BasketBar() {
  const lines = useSelector((state: { cartList: CartState }) => selectCartLines(state));
  const money = useMoney();
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shown = count > 0;

  useEffect(() => {
    if (!shown) return;
    document.body.setAttribute(BAR_MARK, '');
    return () => document.body.removeAttribute(BAR_MARK);
  }, [shown]);

  if (!shown) return null;
  const items = `${count} ${count === 1 ? 'item' : 'items'}`;
  const total = money(subtotal(lines));
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] sm:hidden">
      <Link
        to="/cart"
        aria-label={`View basket, ${items}, ${total}`}
        data-testid="basket-bar"
        className={buttonClass({ className: 'w-full min-h-12 px-4' })}
      >
        <span className="flex-1 text-left">View basket</span>
        <span className="rounded-full border border-current px-2 py-0.5 text-sm">{items}</span>
        <span className="flex-1 text-right">{total}</span>
      </Link>
    </div>
  );
}
