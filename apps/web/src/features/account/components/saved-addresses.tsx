import { useState } from 'react';
import type { Address } from '@servery/contract/address';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toastServerError } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import {
  requestOf,
  useDeleteAddressMutation,
  useGetAddressesQuery,
  useUpdateAddressMutation,
} from '../addresses-api.ts';
import { AddressForm } from './address-form.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { AccountSection } from './account-section.tsx';

/** What the customer calls the address, else its first line. */
export const addressName = (address: Address) => address.label || address.address_line1;

/** Focuses an element once React has drawn it. */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

/**
 * The /account page's saved addresses (architecture.md "Account"): list, add, edit, make default and
 * delete. A delete shows the server's message as a success toast (product.md §8).
 */
export function SavedAddresses() {
  const { data: addresses, isError, refetch } = useGetAddressesQuery();
  const [update, { isLoading: updating }] = useUpdateAddressMutation();
  const [remove, { isLoading: removing }] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  const closeForm = (focusId: string) => {
    setEditing(null);
    focusSoon(focusId);
  };

  const handleMakeDefault = async (address: Address) => {
    const result = await update({
      id: address.id,
      body: { ...requestOf(address), is_default: true },
    });
    if ('error' in result) return toastServerError(result.error, { silentOn: [401] });
    toast.success(`${addressName(address)} is now your default address.`);
  };

  const handleDelete = async () => {
    if (!deleting) return;
    const result = await remove(deleting.id);
    setDeleting(null);
    if ('error' in result) return toastServerError(result.error, { silentOn: [401] });
    // product.md §8: the server's message, as a success toast.
    toast.success(result.data.message);
    focusSoon('addresses-title');
  };

  return (
    <AccountSection
      titleId="addresses-title"
      title="Saved addresses"
      what="Your addresses"
      isError={isError}
      data={addresses}
      onRetry={() => void refetch()}
      skeleton={
        <div className="mt-3 space-y-3">
          <Skeleton className="h-24" />
        </div>
      }
      after={
        <>
          <ConfirmDialog
            open={deleting !== null}
            id="delete-address"
            title="Delete this address?"
            confirmLabel="Delete address"
            busy={removing}
            onCancel={() => setDeleting(null)}
            onConfirm={() => void handleDelete()}
          >
            {deleting ? `${deleting.address_line1}, ${deleting.city} ${deleting.postcode}` : ''}
          </ConfirmDialog>
        </>
      }
    >
      {(addresses) => (
        <>
          {addresses.length === 0 ? (
            <p className="mt-2 text-stone-700">
              You have no saved addresses yet. Add one here or when you check out, and it will be
              kept for your next order.
            </p>
          ) : (
            <ul className="mt-3 space-y-3" aria-label="Your addresses">
              {addresses.map((address) => (
                <li
                  key={address.id}
                  className="rounded-xl border border-stone-300 p-4"
                  data-testid="saved-address"
                >
                  {editing === address.id ? (
                    <AddressForm
                      address={address}
                      idPrefix={`edit-${address.id}`}
                      title={`Edit ${addressName(address)}`}
                      focusOnOpen
                      onSaved={() => closeForm(`address-${address.id}-title`)}
                      onCancel={() => closeForm(`edit-address-${address.id}`)}
                    />
                  ) : (
                    <AddressCard
                      address={address}
                      busy={updating || removing}
                      onEdit={() => setEditing(address.id)}
                      onMakeDefault={() => void handleMakeDefault(address)}
                      onDelete={() => setDeleting(address)}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          {editing === 'new' ? (
            <div className="mt-4 rounded-xl border border-stone-300 p-4">
              <AddressForm
                idPrefix="new-address"
                title="Add an address"
                focusOnOpen
                onSaved={(address) => closeForm(`address-${address.id}-title`)}
                onCancel={() => closeForm('add-address')}
              />
            </div>
          ) : (
            <button
              id="add-address"
              type="button"
              onClick={() => setEditing('new')}
              className={buttonClass({ className: 'mt-4' })}
            >
              Add an address
            </button>
          )}
        </>
      )}
    </AccountSection>
  );
}

function AddressCard({
  address,
  busy,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const name = addressName(address);
  return (
    <div>
      <div className="flex flex-wrap items-center gap-2">
        <h3
          id={`address-${address.id}-title`}
          tabIndex={-1}
          className="font-semibold outline-offset-4"
        >
          {name}
        </h3>
        {address.is_default ? (
          <span className="rounded-full bg-stone-800 px-2 py-0.5 text-xs font-semibold text-white">
            Default
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-stone-800">
        {[address.address_line1, address.address_line2, address.city].filter(Boolean).join(', ')}{' '}
        <span className="font-medium whitespace-nowrap">{address.postcode}</span>
      </p>
      {address.instructions ? (
        <p className="text-sm text-stone-700">Instructions: {address.instructions}</p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          id={`edit-address-${address.id}`}
          type="button"
          onClick={onEdit}
          className={buttonClass({ variant: 'outline', className: 'text-sm' })}
          aria-label={`Edit ${name}`}
        >
          Edit
        </button>
        {address.is_default ? null : (
          <button
            type="button"
            onClick={onMakeDefault}
            disabled={busy}
            className={buttonClass({ variant: 'outline', className: 'text-sm' })}
            aria-label={`Make ${name} my default address`}
          >
            Make default
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          className={buttonClass({ variant: 'outline', className: 'text-sm text-red-800' })}
          aria-label={`Delete ${name}`}
        >
          Delete
        </button>
      </div>
    </div>
  );
}
