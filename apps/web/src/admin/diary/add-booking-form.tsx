import { useState, type FormEvent } from 'react';
import { ZStaffBookingRequest, type StaffBookingInput } from '@servery/contract/diary';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { useAddBookingMutation } from './diary-api.ts';

interface Values {
  source: 'phone' | 'walk_in';
  time: string;
  people: string;
  name: string;
  phone: string;
  email: string;
  message: string;
  over_capacity: boolean;
}

/**
 * The quick "add booking" form: a phone booking, or a walk-in seated now. The contract's schema
 * checks it here and the server checks it again (with the capacity in the database).
 */
export function AddBookingForm({
  date,
  times,
  isToday,
  mayOverbook,
  onDone,
}: {
  date: string;
  times: string[];
  isToday: boolean;
  mayOverbook: boolean;
  onDone: (message: string) => void;
}) {
  const [add, adding] = useAddBookingMutation();
  const blank: Values = {
    source: 'phone',
    time: times[0] ?? '',
    people: '2',
    name: '',
    phone: '',
    email: '',
    message: '',
    over_capacity: false,
  };
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState('');
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body: StaffBookingInput = {
      date,
      time: values.time,
      number_of_people: Number(values.people),
      name: values.name,
      source: values.source,
      message: values.message,
      over_capacity: values.over_capacity,
      ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
    };
    const parsed = ZStaffBookingRequest.safeParse(body);
    setProblem('');
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    const result = await add(body);
    if ('error' in result) {
      setErrors(adminFieldErrors(result.error));
      setProblem(adminErrorMessage(result.error));
      return;
    }
    setValues(blank);
    onDone(
      `${result.data.name}, ${result.data.covers}: ${result.data.source === 'walk_in' ? 'seated' : `booked for ${result.data.time}`}.`,
    );
  }

  const fieldError = (name: string) =>
    errors[name] ? (
      <span id={`add-${name}-error`} className="mt-1 block font-semibold text-red-700">
        {errors[name]}
      </span>
    ) : null;
  const aria = (name: string) => ({
    'aria-invalid': Boolean(errors[name]),
    ...(errors[name] ? { 'aria-describedby': `add-${name}-error` } : {}),
  });

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="grid gap-3 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend className="font-semibold">Who is it?</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="flex min-h-12 items-center gap-2">
            <input
              type="radio"
              name="source"
              className="size-5 shrink-0"
              checked={values.source === 'phone'}
              onChange={() => set('source', 'phone')}
            />
            A booking by phone
          </label>
          <label className="flex min-h-12 items-center gap-2">
            <input
              type="radio"
              name="source"
              className="size-5 shrink-0"
              disabled={!isToday}
              checked={values.source === 'walk_in'}
              onChange={() => set('source', 'walk_in')}
            />
            A walk-in, seated now{!isToday && ' (today only)'}
          </label>
        </div>
        {fieldError('date')}
      </fieldset>
      <label className="block font-semibold">
        Time
        <select
          className={inputClass({ size: 'lg' })}
          value={values.time}
          onChange={(e) => set('time', e.target.value)}
          {...aria('time')}
        >
          {times.map((time) => (
            <option key={time}>{time}</option>
          ))}
        </select>
        {fieldError('time')}
      </label>
      <label className="block font-semibold">
        People
        <input
          className={inputClass({ size: 'lg' })}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          value={values.people}
          onChange={(e) => set('people', e.target.value)}
          {...aria('number_of_people')}
        />
        {fieldError('number_of_people')}
      </label>
      <label className="block font-semibold">
        Name
        <input
          className={inputClass({ size: 'lg' })}
          autoComplete="off"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          {...aria('name')}
        />
        {fieldError('name')}
      </label>
      <label className="block font-semibold">
        Phone (optional)
        <input
          className={inputClass({ size: 'lg' })}
          type="tel"
          autoComplete="off"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          {...aria('phone')}
        />
        {fieldError('phone')}
      </label>
      <label className="block font-semibold">
        E-mail (optional: the guest gets the confirmation)
        <input
          className={inputClass({ size: 'lg' })}
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          {...aria('email')}
        />
        {fieldError('email')}
      </label>
      <label className="block font-semibold">
        Note (optional)
        <input
          className={inputClass({ size: 'lg' })}
          maxLength={200}
          value={values.message}
          onChange={(e) => set('message', e.target.value)}
          {...aria('message')}
        />
        {fieldError('message')}
      </label>
      {mayOverbook && (
        <label className="flex min-h-12 items-center gap-3 sm:col-span-2">
          <input
            type="checkbox"
            className="size-5 shrink-0"
            checked={values.over_capacity}
            onChange={(e) => set('over_capacity', e.target.checked)}
          />
          Take them even if the time is full (overbook)
        </label>
      )}
      {problem && (
        <p role="alert" className="font-semibold text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className={buttonClass({ size: 'lg' })}
          disabled={adding.isLoading || times.length === 0}
        >
          Add booking
        </button>
      </div>
    </form>
  );
}
