import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { StaffStore } from '@servery/contract/staff';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '@servery/contract/staff-roles';
import { placeAdminErrors } from '../admin-form-errors.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { staffFormSchema, type StaffFormBody, type StaffFormValues } from './staff-form-schema.ts';
import { formResolver } from '../../lib/plain-words.ts';

const ROLE_HELP: Record<StaffRole, string> = {
  owner: 'Everything, in every store: staff, settings, the audit log.',
  manager: 'Runs service, menus and bookings in their stores; may overbook.',
  staff: 'Runs the order desk and the diary in their stores.',
};
const FIELDS = ['email', 'name', 'role', 'store_ids'];

/**
 * Invite (with an e-mail address) or change (without) a member of staff: react-hook-form with
 * the contract's schema (staff-form-schema.ts); the server's field errors land on the fields.
 */
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
  onSubmit: (values: StaffFormBody) => Promise<{ error?: unknown }>;
}) {
  const schema = useMemo(() => staffFormSchema(withEmail), [withEmail]);
  const form = useForm<StaffFormValues, unknown, StaffFormBody>({
    resolver: formResolver(schema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });
  const [problem, setProblem] = useState('');
  const describedBy = (field: keyof StaffFormValues) =>
    errors[field] ? `staff-${field}-error` : undefined;

  const handleSubmit = form.handleSubmit(async (values) => {
    setProblem('');
    const result = await onSubmit(values);
    if (result.error) setProblem(placeAdminErrors(result.error, form.setError, FIELDS));
  });

  return (
    <form className="space-y-4" onSubmit={handleSubmit} noValidate>
      {withEmail && (
        <label className="block font-medium">
          E-mail address
          <input
            className={inputClass({ size: 'lg' })}
            type="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={describedBy('email')}
            {...form.register('email')}
          />
          <FieldMessage id="staff-email-error" message={errors.email?.message} />
        </label>
      )}
      <label className="block font-medium">
        Name
        <input
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(errors.name)}
          aria-describedby={describedBy('name')}
          {...form.register('name')}
        />
        <FieldMessage id="staff-name-error" message={errors.name?.message} />
      </label>
      <RoleChoice register={form.register} />
      {role !== 'owner' && <StoreChoice stores={stores} register={form.register} errors={errors} />}
      <ProblemLine message={problem} />
      <button type="submit" className={buttonClass({ size: 'lg' })} disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <span id={id} className="mt-1 block text-red-700">
      {message}
    </span>
  ) : null;
}

function RoleChoice({ register }: { register: UseFormRegister<StaffFormValues> }) {
  return (
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
              value={role}
              className="mt-1 size-5 shrink-0"
              {...register('role')}
            />
            <span>
              <span className="block font-semibold">{ROLE_LABELS[role]}</span>
              <span className="block text-sm text-stone-700">{ROLE_HELP[role]}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function StoreChoice({
  stores,
  register,
  errors,
}: {
  stores: StaffStore[];
  register: UseFormRegister<StaffFormValues>;
  errors: FieldErrors<StaffFormValues>;
}) {
  const message = errors.store_ids?.message ?? errors.store_ids?.[0]?.message;
  return (
    <fieldset aria-describedby={message ? 'staff-store_ids-error' : undefined}>
      <legend className="font-medium">Stores</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {stores.map((store) => (
          <label
            key={store.id}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border-2 border-stone-300 px-4 has-[:checked]:border-primary"
          >
            <input
              type="checkbox"
              value={store.id}
              className="size-5 shrink-0"
              {...register('store_ids')}
            />
            {store.name}
          </label>
        ))}
      </div>
      {message && (
        <p id="staff-store_ids-error" className="mt-1 text-red-700">
          {message}
        </p>
      )}
    </fieldset>
  );
}
