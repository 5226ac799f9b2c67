import type { FieldErrors } from 'react-hook-form';
import type { Address } from '@servery/contract/address';
import type { OrderType, StoreSummary } from '@servery/contract/menu';
import {
  ADDRESS_REQUIRED_MESSAGE,
  contactMessagesFor,
  splitFullName,
} from '@servery/contract/delivery-contact';
import type { OrderRequest, OrderRequestInput, PaymentMethod } from '@servery/contract/order';
import type { CheckoutResolution } from './checkout-form-state.ts';
import { zoneFor, type CheckoutQuote } from './checkout-quote.ts';

/**
 * The checkout form: what the customer chooses and types. The choices are kept as chosen
 * (remembered across visits); `CheckoutContext` holds what they resolve to against the store,
 * the saved addresses and the times on offer now, and the contract's order schema checks the
 * body they make.
 */
export interface CheckoutValues {
  order_type: OrderType | null;
  address_id: string | null;
  /** "asap", a slot's instant, or null. */
  when: string | null;
  promo_code: string | null;
  notes: string;
  payment_method: PaymentMethod;
  /**
   * Asked for a delivery when the profile lacks them (issue 20), always for a collection. The
   * whole name typed in "Your name": kept under the key the server's refusals name, and split
   * into the profile's first_name and last_name as it is saved (CheckoutContact).
   */
  first_name: string;
  phone: string;
}
export type CheckoutField = keyof CheckoutValues;

/** The fields in page order: the first with an error is where the screen goes. */
export const CHECKOUT_FIELDS = [
  'order_type',
  'address_id',
  'first_name',
  'phone',
  'when',
  'promo_code',
  'notes',
  'payment_method',
] as const satisfies readonly CheckoutField[];

export const NOTES_MAX = 500;

/** The choices as they stand against what the store offers now. */
export interface CheckoutContext {
  store: StoreSummary;
  orderType: OrderType;
  address: Address | null;
  when: string | null;
  paymentMethod: PaymentMethod;
  lines: OrderRequestInput['lines'];
  /** The name and phone are asked: a collection, or a delivery the profile lacks them for. */
  askContact: boolean;
}

export interface CheckoutSubmission {
  body: OrderRequest;
  /** What to save on the profile before ordering, when it was asked for. */
  contact: CheckoutContact | null;
}

/** The name and phone an order is handed over with, in the profile's fields (POST /api/customer). */
export interface CheckoutContact {
  first_name: string;
  last_name: string;
  phone: string;
}

/** The order type chosen while the store offers it, else the store's first. */
export const orderTypeFor = (chosen: OrderType | null, store: StoreSummary): OrderType =>
  chosen && store.order_types.includes(chosen) ? chosen : (store.order_types[0] ?? 'collection');

/**
 * The address to deliver to: the one chosen (while it exists), else the default, else the
 * first saved one, but never one outside the store's delivery area unless the customer chose it
 * on this page (issues 20 and 30): a first address saved far away, or one remembered from
 * another store, is not quietly picked.
 */
export function addressFor(
  addresses: readonly Address[] | undefined,
  chosenId: string | null,
  store: StoreSummary,
  chosenHere: ReadonlySet<string> = new Set(),
): Address | null {
  if (!addresses) return null;
  const delivered = (a: Address) => Boolean(zoneFor(store, a.postcode));
  const chosen = addresses.find((a) => a.id === chosenId);
  if (chosen && (delivered(chosen) || chosenHere.has(chosen.id))) return chosen;
  const deliverable = addresses.filter(delivered);
  return deliverable.find((a) => a.is_default) ?? deliverable[0] ?? null;
}

/** The lines of the order as priced now (the price the customer saw goes with each). */
export const orderLinesOf = (quote: CheckoutQuote | null): OrderRequestInput['lines'] =>
  (quote?.lines ?? []).map(({ line, unit_price }) => ({
    item_id: line.item_id,
    quantity: line.quantity,
    modifiers: line.modifiers,
    note: line.note,
    unit_price,
  }));

/** Every rule the server applies that the page can know, before anything is sent. */
export function checkoutBlockers(input: {
  store: StoreSummary;
  orderType: OrderType;
  /** Why the shop or the store takes no orders now, if so. */
  closedReason: string | null;
  /** The times are known and none is left. */
  noTimes: boolean;
  /** Why none is left when the shop has paused the way chosen (lib/store-pause.ts), if so. */
  pausedReason?: string | null;
  quote: CheckoutQuote | null;
  promoRefusal: string | null;
  catalogueFailed: boolean;
}): string[] {
  const { store, orderType, quote } = input;
  return [
    input.closedReason,
    input.noTimes && !input.closedReason
      ? (input.pausedReason ??
        `${store.name} has no times left for ${orderType} in the coming days.`)
      : null,
    quote?.lines.some((line) => line.problem)
      ? 'Remove the dishes that can no longer be ordered.'
      : null,
    orderType === 'delivery' ? quote?.addressProblem : null,
    quote?.minimumProblem,
    input.promoRefusal ?? quote?.promoProblem,
    input.catalogueFailed ? 'Your basket could not be checked against the menu.' : null,
  ].filter((problem): problem is string => Boolean(problem));
}

/** People write numbers with spaces, brackets and dashes; the API takes digits. */
export const phoneDigits = (value: string) => value.replace(/[\s()+-]/g, '');

/** The body of POST /api/order the choices make. */
export function orderBodyOf(values: CheckoutValues, context: CheckoutContext): OrderRequestInput {
  const delivery = context.orderType === 'delivery';
  return {
    store_id: context.store.id,
    order_type: context.orderType,
    ...(delivery && context.address ? { address_id: context.address.id } : {}),
    // No time: left out, so the schema says 'Choose ASAP or a time from the list'.
    when: context.when ?? (undefined as unknown as string),
    lines: context.lines,
    ...(values.promo_code ? { promo_code: values.promo_code } : {}),
    notes: values.notes,
    payment_method: context.paymentMethod,
  };
}

type Errors = FieldErrors<CheckoutValues>;

/**
 * The contract's schemas, and zod with them, arrive when the form is first checked (on "Place
 * order"), not with the page: the checkout's first screen has a JavaScript budget
 * (docs/decisions/0048). One import, kept by the browser's module map after the first.
 */
const contractSchemas = () =>
  Promise.all([import('@servery/contract/order'), import('@servery/contract/auth')]).then(
    ([order, auth]) => ({
      ZOrderRequest: order.ZOrderRequest,
      ZCustomerUpdate: auth.ZCustomerUpdate,
    }),
  );
type Schemas = Awaited<ReturnType<typeof contractSchemas>>;

/** The name and phone an order is handed over with, checked as the profile checks them. */
function contactErrors(
  values: CheckoutValues,
  errors: Errors,
  orderType: OrderType,
  { ZCustomerUpdate }: Schemas,
) {
  const messages = contactMessagesFor(orderType);
  const contact: CheckoutContact = {
    ...splitFullName(values.first_name),
    phone: phoneDigits(values.phone),
  };
  const parsed = ZCustomerUpdate.safeParse(contact);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    // Both halves of the name are typed in the one name field.
    if (field === 'first_name' || field === 'last_name') {
      errors.first_name ??= { type: 'contract', message: issue.message };
    } else if (field === 'phone') {
      errors.phone ??= { type: 'contract', message: issue.message };
    }
  }
  if (!contact.first_name) {
    errors.first_name = { type: 'required', message: messages.first_name };
  }
  if (!contact.phone) errors.phone = { type: 'required', message: messages.phone };
  return contact;
}

/** The form's resolver: the contract's order schema on the body the form makes. */
export async function checkoutResolver(
  values: CheckoutValues,
  context: CheckoutContext | undefined,
): Promise<CheckoutResolution> {
  if (!context) throw new Error('The checkout resolver needs its context');
  const schemas = await contractSchemas();
  const errors: Errors = {};
  const parsed = schemas.ZOrderRequest.safeParse(orderBodyOf(values, context));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0];
    // Lines are checked by the quote (checkout-quote.ts), beside each line.
    if (typeof field === 'string' && field in values && !(field in errors)) {
      errors[field as CheckoutField] = { type: 'contract', message: issue.message };
    }
  }
  const delivery = context.orderType === 'delivery';
  // The schema's address rule runs only on an otherwise sound body: every problem shows at once.
  if (delivery && !context.address) {
    errors.address_id ??= { type: 'contract', message: ADDRESS_REQUIRED_MESSAGE };
  }
  const contact = context.askContact
    ? contactErrors(values, errors, context.orderType, schemas)
    : null;
  if (!parsed.success && !Object.keys(errors).length) {
    errors.root = { type: 'contract', message: parsed.error.issues[0]?.message ?? '' } as never;
  }
  if (!parsed.success || Object.keys(errors).length) return { values: {}, errors };
  return { values: { body: parsed.data, contact }, errors: {} };
}
