import { useForm } from 'react-hook-form';
import { ZCustomerUpdate, type Customer, type CustomerUpdate } from '@servery/contract/auth';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { updateStoredCustomer } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateCustomerMutation } from '../api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { formResolver } from '../../../lib/plain-words.ts';

type TextField = 'first_name' | 'last_name' | 'email' | 'phone';

const valuesOf = (customer: Customer): Required<CustomerUpdate> => ({
  first_name: customer.first_name,
  last_name: customer.last_name,
  email: customer.email ?? '',
  phone: customer.phone ?? '',
  marketing_consent: customer.marketing_consent,
});

/** People write numbers with spaces, brackets and dashes; the API takes digits. */
const phoneDigits = (value: string) => value.replace(/[\s()+-]/g, '');

/**
 * architecture.md "Account": first and last name, e-mail, phone and marketing consent. A contact the
 * customer signs in with is shown but not edited here (the server refuses to change it).
 */
export function ProfileForm({ customer }: { customer: Customer }) {
  const [update, { isLoading }] = useUpdateCustomerMutation();
  const form = useForm<CustomerUpdate>({
    resolver: formResolver(ZCustomerUpdate),
    defaultValues: valuesOf(customer),
  });
  const { errors } = form.formState;
  const locked = { email: customer.email_verified, phone: customer.phone_verified };

  const handleSubmit = form.handleSubmit(async (values) => {
    const body: CustomerUpdate = {
      first_name: values.first_name,
      last_name: values.last_name,
      marketing_consent: values.marketing_consent,
      ...(locked.email ? {} : { email: values.email }),
      ...(locked.phone ? {} : { phone: values.phone }),
    };
    const result = await update(body);
    if ('error' in result) {
      return applyServerErrors(result.error, form.setError, Object.keys(body));
    }
    toast.success(result.data.message);
    updateStoredCustomer(result.data.data);
    form.reset(valuesOf(result.data.data));
  });

  const text = (
    name: TextField,
    label: string,
    type: string,
    autoComplete: string,
    note?: string,
  ) => {
    const id = `profile-${name}`;
    const readOnly = name === 'email' ? locked.email : name === 'phone' ? locked.phone : false;
    const described = [errors[name] ? `${id}-error` : '', readOnly ? `${id}-note` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          readOnly={readOnly}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={described || undefined}
          className={inputClass()}
          {...form.register(name, name === 'phone' ? { setValueAs: phoneDigits } : {})}
        />
        {readOnly ? (
          <p id={`${id}-note`} className="mt-1 text-sm text-stone-700">
            {note}
          </p>
        ) : null}
        <FieldError id={`${id}-error`} message={errors[name]?.message} />
      </div>
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-xl font-semibold">
        Your details
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {text('first_name', 'First name', 'text', 'given-name')}
        {text('last_name', 'Last name', 'text', 'family-name')}
        {text('email', 'Email', 'email', 'email', 'You sign in with this address.')}
        {text('phone', 'Phone', 'tel', 'tel', 'You sign in with this number.')}
      </div>
      <label className="mt-5 flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 accent-primary"
          {...form.register('marketing_consent')}
        />
        <span>Send me offers and news from the shop by e-mail or text message.</span>
      </label>
      <button
        type="submit"
        disabled={isLoading}
        aria-busy={isLoading}
        className={buttonClass({ className: 'mt-5' })}
      >
        Save changes
      </button>
    </form>
  );
}
