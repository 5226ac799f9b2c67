import { useForm } from 'react-hook-form';
import {
  ZStoreContactPatch,
  type StoreContact,
  type StoreContactPatch,
} from '@servery/contract/shop-identity';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorId, Field, inputClass } from '../../components/ui/input.tsx';
import { formResolver } from '../../lib/plain-words.ts';
import { useSaveStoreContactMutation } from './shop-api.ts';
import { useVersionedSave } from './use-versioned-save.ts';

const ZContactForm = ZStoreContactPatch.omit({ version: true }).required();
const FIELDS = [
  'address_line1',
  'address_line2',
  'city',
  'postcode',
  'phone',
  'direction_link',
] as const;
type ContactForm = Record<(typeof FIELDS)[number], string>;

const valuesOf = (store: StoreContact): ContactForm => ({
  address_line1: store.address_line1,
  address_line2: store.address_line2,
  city: store.city,
  postcode: store.postcode,
  phone: store.phone,
  direction_link: store.direction_link,
});

const LABELS: Record<(typeof FIELDS)[number], [string, string?]> = {
  address_line1: ['First line'],
  address_line2: ['Second line'],
  city: ['Town or city'],
  postcode: ['Postcode'],
  phone: ['Phone', 'Customers call it about their orders; it is on their receipts.'],
  direction_link: ['Directions link', 'A map link starting https://'],
};

/** One store's address and phone, as its page, receipts and the store list show them. */
export function StoreContactForm({ store }: { store: StoreContact }) {
  const [save] = useSaveStoreContactMutation();
  const form = useForm<ContactForm, unknown, StoreContactPatch>({
    resolver: formResolver(ZContactForm),
    defaultValues: valuesOf(store),
  });
  const { errors } = form.formState;
  const headingId = `store-${store.store_id}-heading`;

  const { submit, message } = useVersionedSave({
    form,
    read: store,
    valuesOf,
    fields: FIELDS,
    send: (version, patch) => save({ id: store.store_id, version, patch }),
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="text-xl font-semibold">
        {store.store_name}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((name) => {
          const id = `store-${store.store_id}-${name}`;
          const error = errors[name]?.message;
          const [label, hint] = LABELS[name];
          return (
            <Field key={name} id={id} label={label} hint={hint} error={error}>
              <input
                id={id}
                type={name === 'phone' ? 'tel' : name === 'direction_link' ? 'url' : 'text'}
                className={inputClass({ size: 'lg' })}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? errorId(id) : undefined}
                {...form.register(name)}
              />
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          className={buttonClass({ size: 'lg' })}
          disabled={form.formState.isSubmitting}
        >
          Save {store.store_name}’s address and phone
        </button>
        <p role="status" className="font-semibold">
          {message}
        </p>
      </div>
    </form>
  );
}
