import { useDispatch } from 'react-redux';
import { cartCleared } from '../../features/cart/cart-slice.ts';
import { PaymentPage } from '../../features/checkout/components/payment-page.tsx';

/** /payment: once the order is paid, the basket it came from has been ordered. */
export function PaymentRoute() {
  const dispatch = useDispatch();
  return <PaymentPage onPaid={() => dispatch(cartCleared())} />;
}
