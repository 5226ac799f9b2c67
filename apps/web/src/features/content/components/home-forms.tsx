import { useForm } from 'react-hook-form';
import { ZContactRequest, type ContactRequest } from '@servery/contract/contact';
import { ZSubscribeRequest, type SubscribeRequest } from '@servery/contract/newsletter';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useSendContactRequestMutation, useSubscribeMutation } from '../api.ts';
import { buttonClass } from '../../../components/ui/button.tsx';
import { CARD_CLASS } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { formResolver } from '../../../lib/plain-words.ts';

const INPUT = inputClass();
const SUBMIT = buttonClass();

/** product.md §1: a visitor can subscribe to the newsletter; success shows 'Thank you for subscribing!'. */
export function NewsletterForm() {
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const form = useForm<SubscribeRequest>({
    resolver: formResolver(ZSubscribeRequest),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  const handleSubmit = form.handleSubmit(async (values) => {
    const result = await subscribe(values);
    if ('error' in result) return applyServerErrors(result.error, form.setError);
    toast.success('Thank you for subscribing!');
    form.reset();
  });

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="newsletter-title"
      className={CARD_CLASS}
    >
      <h2 id="newsletter-title" className="text-lg font-semibold">
        Offers by e-mail
      </h2>
      <p className="mt-1 text-sm text-stone-700">New dishes and offers, about twice a month.</p>
      <label htmlFor="newsletter-email" className="mt-3 block text-sm font-medium">
        Email
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="newsletter-email"
          type="email"
          autoComplete="email"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'newsletter-email-error' : undefined}
          className={`${INPUT} min-w-0 flex-1`}
          {...form.register('email')}
        />
        <button type="submit" disabled={isLoading} className={`${SUBMIT} mt-1`}>
          Subscribe
        </button>
      </div>
      <FieldError id="newsletter-email-error" message={error} />
    </form>
  );
}

const CONTACT_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone (optional)', type: 'tel', autoComplete: 'tel' },
] as const;

/** A contact request to the shop, stored for the shop and answered by its staff. */
export function ContactForm() {
  const [send, { isLoading }] = useSendContactRequestMutation();
  const form = useForm<ContactRequest>({
    resolver: formResolver(ZContactRequest),
    defaultValues: { name: '', email: '', phone: '', message: '' },
  });
  const { errors } = form.formState;

  const handleSubmit = form.handleSubmit(async (values) => {
    const result = await send(values);
    if ('error' in result) return applyServerErrors(result.error, form.setError);
    toast.success(result.data.message);
    form.reset();
  });

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-labelledby="contact-form-title"
      className={CARD_CLASS}
    >
      <h2 id="contact-form-title" className="text-lg font-semibold">
        Contact us
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {CONTACT_FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`contact-${field.name}`} className="block text-sm font-medium">
              {field.label}
            </label>
            <input
              id={`contact-${field.name}`}
              type={field.type}
              autoComplete={field.autoComplete}
              aria-invalid={Boolean(errors[field.name])}
              aria-describedby={errors[field.name] ? `contact-${field.name}-error` : undefined}
              className={INPUT}
              {...form.register(field.name)}
            />
            <FieldError id={`contact-${field.name}-error`} message={errors[field.name]?.message} />
          </div>
        ))}
      </div>
      <label htmlFor="contact-message" className="mt-3 block text-sm font-medium">
        Message
      </label>
      <textarea
        id="contact-message"
        rows={4}
        aria-invalid={Boolean(errors.message)}
        aria-describedby={errors.message ? 'contact-message-error' : undefined}
        className={INPUT}
        {...form.register('message')}
      />
      <FieldError id="contact-message-error" message={errors.message?.message} />
      <button type="submit" disabled={isLoading} className={`${SUBMIT} mt-4`}>
        Send message
      </button>
    </form>
  );
}
