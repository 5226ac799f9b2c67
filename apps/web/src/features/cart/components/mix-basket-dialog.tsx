import { useSelector } from 'react-redux';
import type { CartLine } from '@servery/contract/cart';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { selectCartStoreId } from '../cart-slice.ts';

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
    <ConfirmDialog
      open={line !== null}
      id="mix"
      title="Start a new basket?"
      confirmLabel="Empty it and add"
      cancelLabel="Keep my basket"
      tone="primary"
      onCancel={() => onAnswer(false)}
      onConfirm={() => onAnswer(true)}
    >
      Your basket has dishes from {(cartStore && storeName(cartStore)) ?? 'another store'}. A basket
      holds dishes from one store only, so adding {line?.name} from{' '}
      {(line && storeName(line.store_id)) ?? 'this store'} empties it first.
    </ConfirmDialog>
  );
}
