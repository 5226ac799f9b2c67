import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZAddressRequest,
  type Address,
  type AddressInput,
  type AddressRequest,
} from '@servery/contract/address';
import { refusedWith } from '@servery/contract/error-codes';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { serverRefusal } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { requestOf, useAddAddressMutation, useUpdateAddressMutation } from '../addresses-api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { formResolver } from '../../../lib/plain-words.ts';

type TextField = 'label' | 'address_line1' | 'address_line2' | 'city' | 'postcode' | 'instructions';
const FIELDS: (keyof AddressRequest)[] = [
  'label',
  'address_line1',
  'address_line2',
  'city',
  'postcode',
  'instructions',
  'is_default',
];

const EMPTY: AddressInput = {
  label: '',
  address_line1: '',
  address_line2: '',
  city: '',
  postcode: '',
  instructions: '',
  is_default: false,
};

export interface AddressFormProps {
  /** The address being edited; a new one is added without it. */
  address?: Address;
  /** Prefix for the fields' ids, so two forms can share a page. */
  idPrefix: string;
  title: string;
  headingLevel?: 2 | 3;
  submitLabel?: string;
  /**
   * What a new address starts with where the page knows better than blank: at checkout, the
   * store's town and the postcode the customer checked on the menu.
   */
  suggested?: Partial<AddressInput>;
  /** Move focus to the form when it opens (it opened on the customer's request). */
  focusOnOpen?: boolean;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
  /**
   * At checkout (issue 30): why the store cannot deliver to a postcode (null when it can), asked
   * before the address is saved, and the way to collect instead when the store offers it.
   */
  outsideArea?: OutsideArea;
}

export interface OutsideArea {
  refusal: (postcode: string) => string | null;
  onCollect?: () => void;
}

/** The server's refusal of a postcode no store delivers to (addresses/delivery-area.ts). */
const isAreaRefusal = (error: unknown) =>
  refusedWith(error, 'outside_delivery_area') && Boolean(serverRefusal(error)?.errors.postcode);

/**
 * Adds or edits a saved address, on /account and inline at checkout. The contract's schema
 * checks it (a UK postcode, written the Royal Mail way once saved); the server's field errors
 * land on the fields, anything else is its message in a toast (product.md §8).
 */
export function AddressForm({
  address,
  idPrefix,
  title,
  headingLevel = 3,
  submitLabel,
  focusOnOpen = false,
  suggested,
  onSaved,
  onCancel,
  outsideArea,
}: AddressFormProps) {
  const [add, added] = useAddAddressMutation();
  const [update, updated] = useUpdateAddressMutation();
  const busy = added.isLoading || updated.isLoading;
  const form = useForm<AddressInput, unknown, AddressRequest>({
    resolver: formResolver(ZAddressRequest),
    defaultValues: address ? requestOf(address) : { ...EMPTY, ...suggested },
  });
  const { errors } = form.formState;
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The postcode was refused as out of the delivery area: collection is offered beside it. */
  const [outside, setOutside] = useState(false);

  // Opening the form on request takes the reader to it.
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const handleSubmit = form.handleSubmit(async (values) => {
    const refusal = outsideArea?.refusal(values.postcode);
    setOutside(Boolean(refusal));
    if (refusal) {
      form.setError('postcode', { type: 'area', message: refusal }, { shouldFocus: true });
      return;
    }
    const result = address ? await update({ id: address.id, body: values }) : await add(values);
    if ('error' in result) {
      setOutside(isAreaRefusal(result.error));
      return applyServerErrors(result.error, form.setError, FIELDS);
    }
    toast.success(result.data.message);
    onSaved(result.data.data);
  });

  const text = (
    name: TextField,
    label: string,
    autoComplete: string,
    { hint, wide = false }: { hint?: string; wide?: boolean } = {},
  ) => {
    const id = `${idPrefix}-${name}`;
    const described = [hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={wide ? 'sm:col-span-2' : ''}>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            {hint}
          </p>
        ) : null}
        <input
          id={id}
          type="text"
          autoComplete={autoComplete}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={described || undefined}
          className={inputClass()}
          {...form.register(name)}
        />
        <FieldError id={`${id}-error`} message={errors[name]?.message} />
        {name === 'postcode' && outside && errors.postcode && outsideArea?.onCollect ? (
          <button
            type="button"
            onClick={outsideArea.onCollect}
            className={buttonClass({ variant: 'outline', className: 'mt-2' })}
          >
            Collect instead
          </button>
        ) : null}
      </div>
    );
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-labelledby={`${idPrefix}-title`}
      data-testid="address-form"
    >
      <Heading
        id={`${idPrefix}-title`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold outline-offset-4"
      >
        {title}
      </Heading>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {text('address_line1', 'Address', 'address-line1', { wide: true })}
        {text('address_line2', 'Address line 2 (optional)', 'address-line2', { wide: true })}
        {text('city', 'Town or city', 'address-level2')}
        {text('postcode', 'Postcode', 'postal-code', { hint: 'A UK postcode, such as E1 6AN' })}
        {text('label', 'Name this address (optional)', 'off', { hint: 'Such as Home or Work' })}
        {text('instructions', 'Delivery instructions (optional)', 'off', {
          hint: 'Such as: ring the top bell',
        })}
      </div>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-primary"
          {...form.register('is_default')}
        />
        <span>Make this my default address</span>
      </label>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass()}>
          {submitLabel ?? (address ? 'Save address' : 'Add address')}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass({ variant: 'outline' })}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
