import { useEffect, useState } from 'react';
import { fullName } from '@servery/contract/delivery-contact';
import { updateStoredCustomer, useUserData } from '../../lib/session.ts';
import { useCheckoutCustomerQuery, useSaveDeliveryContactMutation } from './api.ts';
import type { CheckoutContact } from './checkout-form.ts';
import type { CheckoutForm } from './checkout-form-state.ts';

/**
 * The name and phone a delivery is handed over with (issue 20): asked for when the profile
 * lacks them (the server's profile once it answers; the copy kept at sign-in until then), or
 * when the server refused an order for want of them. Saved on the profile before ordering.
 */
export function useDeliveryContact(form: CheckoutForm) {
  const stored = useUserData()?.customer;
  const profile = useCheckoutCustomerQuery().data ?? stored;
  const [serverAsked, setServerAsked] = useState(false);
  const [save, saving] = useSaveDeliveryContactMutation();

  // The profile's name (first and last, as one) and phone, as they come, in the fields not
  // typed in yet.
  useEffect(() => {
    if (!profile) return;
    for (const [field, value] of [
      ['first_name', fullName(profile)],
      ['phone', profile.phone ?? ''],
    ] as const) {
      if (!form.getFieldState(field).isDirty) form.setValue(field, value);
    }
  }, [profile, form]);

  return {
    ask: serverAsked || !profile?.first_name.trim() || !profile.phone,
    /** Whether what was typed differs from the profile (else nothing needs saving). */
    changes: (contact: CheckoutContact) =>
      !profile || fullName(contact) !== fullName(profile) || contact.phone !== profile.phone,
    /** The server refused the order for want of them. */
    askedByServer: () => setServerAsked(true),
    /** Saves them on the profile: the server's refusal, or null once saved. */
    save: async (contact: CheckoutContact): Promise<unknown> => {
      const saved = await save(contact);
      if ('error' in saved) return saved.error;
      updateStoredCustomer(saved.data.data);
      setServerAsked(false);
      return null;
    },
    saving: saving.isLoading,
  };
}
