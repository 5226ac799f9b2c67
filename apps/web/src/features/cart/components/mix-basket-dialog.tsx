import { useSelector } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { selectCartStoreId } from '../cart-slice.ts';

const BUTTON = 'w-full rounded-lg px-5 py-2.5 font-semibold outline-offset-2';

/**
 * A dish from another store than the basket's (use-add-to-cart.tsx): keep the basket, or empty
 * it and add. Open while `line` is set.
 */
export function MixBasketDialog({
  line,
  storeName,
  onAnswer,
}: {
  line: CartLine | null;
  storeName: (storeId: string) => string | undefined;
  onAnswer: (startNewCart: boolean) => void;
}) {
  const cartStore = useSelector(selectCartStoreId);
  return (
    <Dialog
      open={line !== null}
      onClose={() => onAnswer(false)}
      labelledBy="mix-title"
      describedBy="mix-text"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 id="mix-title" className="text-xl font-semibold">
        Start a new basket?
      </h2>
      <p id="mix-text" className="mt-3 text-stone-800">
        Your basket has dishes from {(cartStore && storeName(cartStore)) ?? 'another store'}. A
        basket holds dishes from one store only, so adding {line?.name} from{' '}
        {(line && storeName(line.store_id)) ?? 'this store'} empties it first.
      </p>
      <div className="mt-5 grid gap-2 sm:grid-cols-2">
        <button
          type="button"
          data-autofocus
          onClick={() => onAnswer(false)}
          className={`${BUTTON} border border-stone-400`}
        >
          Keep my basket
        </button>
        <button
          type="button"
          onClick={() => onAnswer(true)}
          className={`${BUTTON} bg-primary text-on-primary`}
        >
          Empty it and add
        </button>
      </div>
    </Dialog>
  );
}
