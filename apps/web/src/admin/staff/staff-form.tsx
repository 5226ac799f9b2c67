import { useState, type FormEvent } from 'react';
import type { StaffStore } from '@servery/contract/staff';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@servery/contract/staff-roles';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';

export interface StaffFormValues {
  email: string;
  name: string;
  role: StaffRole;
  store_ids: string[];
}

const ROLE_HELP: Record<StaffRole, string> = {
  owner: 'Everything, in every store: staff, settings, the audit log.',
  manager: 'Runs service, menus and bookings in their stores; may overbook.',
  staff: 'Runs the order desk and the diary in their stores.',
};

/** Invite (with an e-mail address) or change (without) a member of staff. */
export function StaffForm({
  stores,
  initial,
  withEmail,
  submitLabel,
  onSubmit,
}: {
  stores: StaffStore[];
  initial: StaffFormValues;
  withEmail: boolean;
  submitLabel: string;
  onSubmit: (values: StaffFormValues) => Promise<{ error?: unknown }>;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (withEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim()))
      found.email = 'Enter an e-mail address.';
    if (!values.name.trim()) found.name = 'Please give a name.';
    if (values.role !== 'owner' && values.store_ids.length === 0)
      found.store_ids = 'Choose at least one store.';
    setErrors(found);
    setProblem('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await onSubmit({
      ...values,
      email: values.email.trim(),
      name: values.name.trim(),
    });
    setBusy(false);
    if (result.error) {
      setErrors(adminFieldErrors(result.error));
      setProblem(adminErrorMessage(result.error));
    }
  }

  const set = <K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const describedBy = (field: string) => (errors[field] ? `staff-${field}-error` : undefined);

  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      {withEmail && (
        <label className="block font-medium">
          E-mail address
          <input
            className={inputClass({ size: 'lg' })}
            type="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
          />
          {errors.email && (
            <span id="staff-email-error" className="mt-1 block text-red-700">
              {errors.email}
            </span>
          )}
        </label>
      )}
      <label className="block font-medium">
        Name
        <input
          className={inputClass({ size: 'lg' })}
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy('name')}
        />
        {errors.name && (
          <span id="staff-name-error" className="mt-1 block text-red-700">
            {errors.name}
          </span>
        )}
      </label>
      <fieldset>
        <legend className="font-medium">Role</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-3">
          {STAFF_ROLES.map((role) => (
            <label
              key={role}
              className="flex min-h-12 cursor-pointer gap-3 rounded-xl border-2 border-stone-300 p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="role"
                className="mt-1 size-5 shrink-0"
                checked={values.role === role}
                onChange={() => set('role', role)}
              />
              <span>
                <span className="block font-semibold">{ROLE_LABELS[role]}</span>
                <span className="block text-sm text-stone-700">{ROLE_HELP[role]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {values.role !== 'owner' && (
        <fieldset aria-describedby={describedBy('store_ids')}>
          <legend className="font-medium">Stores</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {stores.map((store) => (
              <label
                key={store.id}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 px-4 has-[:checked]:border-primary"
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0"
                  checked={values.store_ids.includes(store.id)}
                  onChange={(e) =>
                    set(
                      'store_ids',
                      e.target.checked
                        ? [...values.store_ids, store.id]
                        : values.store_ids.filter((id) => id !== store.id),
                    )
                  }
                />
                {store.name}
              </label>
            ))}
          </div>
          {errors.store_ids && (
            <p id="staff-store_ids-error" className="mt-1 text-red-700">
              {errors.store_ids}
            </p>
          )}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      <button type="submit" className={buttonClass({ size: 'lg' })} disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
