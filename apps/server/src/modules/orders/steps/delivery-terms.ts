import type { OrderAddress, OrderRequest } from '@servery/contract/order';
import { deliveryTerms, minimumOrderProblem } from '@servery/contract/delivery-terms';
import type { Database } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import type { DeliveryAddress } from '../../addresses/addresses.repository.ts';
import { ownedAddress } from '../../addresses/addresses.service.ts';
import type { Owner } from '../orders.repository.ts';
import type { OrderStore } from './store-check.ts';
import { rule } from './rule.ts';
import { termsStoreOf } from '../../stores/store-terms.ts';
import { requireOrderContact, type OrderContact } from '../delivery-contact.ts';
import type { SessionContact } from '../../auth/auth.repository.ts';

/**
 * What the order's session read brought in its one round trip (decisions 11 and 55): the
 * customer's name and contacts, and the saved address the body named (`addressId`, when it
 * named one for a delivery; `address` null when it is not theirs).
 */
export interface SessionRead {
  contact: SessionContact;
  addressId: string | undefined;
  address: DeliveryAddress | null;
}

export interface OrderTerms {
  address: OrderAddress | null;
  deliveryFee: number;
  minimum: number;
  minimumFor: string;
}

/**
 * Step 2, the delivery terms (the contract's, as the checkout quotes them): where the order
 * goes and the least it must come to. `row` is the customer's delivery address (delivery only).
 */
export function termsOf(
  store: Pick<OrderStore, 'name' | 'minimumOrder' | 'deliveryZones'>,
  orderType: OrderRequest['order_type'],
  row: DeliveryAddress | null,
): OrderTerms {
  const terms = deliveryTerms(
    termsStoreOf(store),
    orderType,
    // The whole postcode: a sector's zone (E1 6) comes before its district's (issue 28).
    orderType === 'delivery' && row ? row.postcode : null,
  );
  if (terms.problem) throw rule('address_id', terms.problem);
  const address =
    orderType === 'delivery' && row
      ? {
          address_line1: row.addressLine1,
          address_line2: row.addressLine2,
          city: row.city,
          postcode: row.postcode,
          instructions: row.instructions,
        }
      : null;
  return { address, deliveryFee: terms.fee, minimum: terms.minimum, minimumFor: terms.minimumFor };
}

/** The terms, reading the delivery address unless the session's read brought it. */
export async function orderTerms(
  db: Database,
  owner: Owner,
  store: OrderStore,
  body: Pick<OrderRequest, 'order_type' | 'address_id'>,
  session: SessionRead,
): Promise<OrderTerms & { contact: OrderContact }> {
  if (body.order_type !== 'delivery') {
    // A collection is handed to someone too: their name and phone (delivery-contact.ts).
    const contact = requireOrderContact(session.contact, body.order_type);
    return { ...termsOf(store, body.order_type, null), contact };
  }
  const row =
    session.addressId === body.address_id
      ? session.address
      : await ownedAddress(db, owner, body.address_id!);
  if (!row) throw notFound('We could not find that address.');
  const terms = termsOf(store, body.order_type, row);
  // A delivery is handed to someone: their name and phone (delivery-contact.ts).
  return { ...terms, contact: requireOrderContact(session.contact, body.order_type) };
}

/** The minimum order, checked once the lines are priced. */
export function checkMinimum(terms: OrderTerms, food: number, money: (minor: number) => string) {
  const problem = minimumOrderProblem(terms, food, money);
  if (problem) throw rule('lines', problem);
}
