import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  ZAutomationPatch,
  type AutomationPatch,
  type StoreAutomation,
} from '@servery/contract/shop-editor';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { errorId, Field, inputClass, LABEL_CLASS } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { usePatchAutomationMutation } from './store-settings-api.ts';
import { formResolver } from '../../lib/plain-words.ts';

const count = (text: string) => (text.trim() === '' ? null : Number(text));
/** The form as typed (empty: off), checked by the contract's schema. */
const ZAutomationForm = z
  .object({
    slot_cap: z.string(),
    slot_cap_unit: z.enum(['orders', 'dishes']),
    auto_accept: z.boolean(),
    auto_accept_minutes: z.string(),
    auto_print: z.boolean(),
  })
  .transform((form): AutomationPatch => ({
    slot_cap: count(form.slot_cap),
    slot_cap_unit: form.slot_cap_unit,
    auto_accept_minutes: form.auto_accept ? count(form.auto_accept_minutes) : null,
    auto_print: form.auto_print,
  }))
  .pipe(ZAutomationPatch);
type AutomationForm = z.input<typeof ZAutomationForm>;

const valuesOf = (a: StoreAutomation): AutomationForm => ({
  slot_cap: a.slot_cap === null ? '' : String(a.slot_cap),
  slot_cap_unit: a.slot_cap_unit,
  auto_accept: a.auto_accept_minutes !== null,
  auto_accept_minutes: String(a.auto_accept_minutes ?? 20),
  auto_print: a.auto_print,
});

/** The store's order cap per quarter hour, auto-accept and auto-print, saved with its version. */
export function AutomationForm({
  automation,
  onMessage,
}: {
  automation: StoreAutomation;
  onMessage: (message: string) => void;
}) {
  const [patch] = usePatchAutomationMutation();
  // A refusal, a colleague's save first above all, is said beside Save (walk 2, finding 30).
  const [problem, setProblem] = useState('');
  const [shown, setShown] = useState(automation);
  const form = useForm<AutomationForm, unknown, AutomationPatch>({
    resolver: formResolver(ZAutomationForm),
    defaultValues: valuesOf(automation),
  });
  const { errors } = form.formState;
  const autoAccept = useWatch({ control: form.control, name: 'auto_accept' });

  const save = form.handleSubmit(async (body) => {
    const result = await patch({ id: automation.store_id, ...body, version: shown.version });
    if ('error' in result) {
      const current = staleCurrent<StoreAutomation>(result.error);
      if (current) {
        setShown(current);
        form.reset(valuesOf(current));
      }
      for (const [field, text] of Object.entries(adminFieldErrors(result.error))) {
        if (field in valuesOf(automation))
          form.setError(field as keyof AutomationForm, { message: text });
      }
      onMessage('');
      return setProblem(adminErrorMessage(result.error));
    }
    setShown(result.data.data);
    setProblem('');
    onMessage(result.data.message);
  });

  return (
    <form noValidate onSubmit={save} aria-labelledby="automation-heading" className="space-y-4">
      <h2 id="automation-heading" className="text-xl font-semibold">
        Capacity and automation
      </h2>
      <Field
        id="slot-cap"
        label="Most per 15 minutes"
        hint="Empty: no cap. Full times are not offered."
        error={errors.slot_cap?.message}
      >
        <input
          id="slot-cap"
          inputMode="numeric"
          className={inputClass({ size: 'lg' })}
          aria-invalid={Boolean(errors.slot_cap)}
          aria-describedby={errors.slot_cap ? errorId('slot-cap') : undefined}
          {...form.register('slot_cap')}
        />
      </Field>
      <fieldset>
        <legend className={LABEL_CLASS}>Counted in</legend>
        <div className="mt-2 flex gap-3">
          {(['orders', 'dishes'] as const).map((unit) => (
            <label key={unit} className="flex min-h-12 items-center gap-2 rounded-lg border px-4">
              <input
                type="radio"
                value={unit}
                className="size-5"
                {...form.register('slot_cap_unit')}
              />
              {unit === 'orders' ? 'Orders' : 'Dishes'}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="flex min-h-12 items-center gap-2">
        <input type="checkbox" className="size-5" {...form.register('auto_accept')} />
        Accept paid orders automatically
      </label>
      {autoAccept && (
        <Field
          id="auto-accept-minutes"
          label="Ready in (minutes)"
          error={errors.auto_accept_minutes?.message}
        >
          <input
            id="auto-accept-minutes"
            inputMode="numeric"
            className={inputClass({ size: 'lg' })}
            aria-invalid={Boolean(errors.auto_accept_minutes)}
            aria-describedby={
              errors.auto_accept_minutes ? errorId('auto-accept-minutes') : undefined
            }
            {...form.register('auto_accept_minutes')}
          />
        </Field>
      )}
      <label className="flex min-h-12 items-center gap-2">
        <input type="checkbox" className="size-5 shrink-0" {...form.register('auto_print')} />
        Print the kitchen ticket when an order is accepted
      </label>
      <ProblemLine message={problem} className="mt-4" />
      <button
        type="submit"
        className={buttonClass({ size: 'lg' })}
        disabled={form.formState.isSubmitting}
      >
        Save capacity and automation
      </button>
    </form>
  );
}
