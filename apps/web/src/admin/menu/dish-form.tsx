import { useId, useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  VAT_HINT,
  type EditableItem,
  type EditableMenu,
  type ItemCreate,
  type ItemEdit,
} from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { firstErrorMessage } from '../admin-form-errors.ts';
import { AllergenFields, DietFields, OptionGroupFields } from './dish-fields.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { useAddItemMutation, useEditItemMutation } from './menu-editor-api.ts';
import { PhotoField } from './photo-field.tsx';
import { StoreFields } from './store-fields.tsx';
import { adminCurrencySign, adminMoney } from '../admin-shop.ts';
import { dishFormResolver, dishFormValues, type DishFormValues } from './dish-form-schema.ts';

/**
 * The dish editor (issue 28): react-hook-form with the contract's schema. An edit sends only the
 * fields changed, with the version it was read at; when a colleague saved first, their values
 * are shown and the person may reapply theirs on top.
 */
export function DishForm({
  menu,
  item,
  categoryId,
  onSaved,
}: {
  menu: EditableMenu;
  item: EditableItem | undefined;
  categoryId: string;
  onSaved: (item: EditableItem) => void;
}) {
  // Money is typed in pounds and sent in pence (dish-form-schema.ts).
  const form = useForm<DishFormValues, unknown, ItemCreate>({
    resolver: dishFormResolver,
    defaultValues: dishFormValues(item, categoryId, menu.store_id),
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  // Read while rendering, so react-hook-form tracks it (its form state is a subscription).
  const { dirtyFields } = formState;
  const [addItem, adding] = useAddItemMutation();
  const [editItem, editing] = useEditItemMutation();
  const [stale, setStale] = useState<{ current: EditableItem; patch: ItemEdit } | null>(null);
  const [problem, setProblem] = useState('');
  const [notice, setNotice] = useState('');

  const settle = (result: { data?: EditableItem; error?: unknown }, patch?: ItemEdit) => {
    setNotice('');
    if (result.data) {
      setStale(null);
      setProblem('');
      setNotice(`${result.data.name} is saved.`);
      reset(dishFormValues(result.data, categoryId, menu.store_id));
      onSaved(result.data);
      return;
    }
    const current = staleCurrent<EditableItem>(result.error);
    if (current && patch) return setStale({ current, patch });
    setProblem(adminErrorMessage(result.error));
    for (const [field, message] of Object.entries(adminFieldErrors(result.error))) {
      setError(field as Path<DishFormValues>, { message });
    }
  };
  const save = handleSubmit(
    async (values) => {
      setProblem('');
      if (!item) return settle(await addItem(values));
      const dirty = Object.keys(dirtyFields) as (keyof ItemCreate)[];
      const patch = Object.fromEntries(dirty.map((key) => [key, values[key]])) as ItemEdit;
      if (dirty.length === 0) return;
      settle(await editItem({ id: item.id, version: item.version, patch }), patch);
    },
    // A refusal is never silent: each field says its own, and the alert by the button says the
    // first, however deep it sits (a choice group's "At least"), walk2 item 13.
    (errors) => {
      setNotice('');
      setProblem(`Check the form: ${firstErrorMessage(errors) ?? 'a field is not right'}.`);
    },
  );
  const reapply = async () => {
    if (!stale || !item) return;
    settle(
      await editItem({ id: item.id, version: stale.current.version, patch: stale.patch }),
      stale.patch,
    );
  };
  // A refused field's message is drawn under it and named by the field itself (aria-invalid,
  // aria-describedby), so a screen reader on the field hears why, as on the zones editor.
  const formId = useId();
  const messageOf = (name: string) =>
    (
      name
        .split('.')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], formState.errors) as
        { message?: string } | undefined
    )?.message;
  const errorId = (name: string) => `${formId}${name.replaceAll('.', '-')}-error`;
  const error = (name: string) => {
    const message = messageOf(name);
    return message ? (
      <p id={errorId(name)} className="text-red-700">
        {message}
      </p>
    ) : null;
  };
  const invalid = (name: string) =>
    messageOf(name) ? { 'aria-invalid': true, 'aria-describedby': errorId(name) } : {};

  return (
    <form
      onSubmit={save}
      className="space-y-5"
      noValidate
      aria-label={item ? `Edit ${item.name}` : 'New dish'}
    >
      <label className="block font-semibold">
        Name
        <input className={inputClass({ size: 'lg' })} {...register('name')} {...invalid('name')} />
      </label>
      {error('name')}
      <label className="block font-semibold">
        Description
        <textarea className={inputClass({ size: 'lg' })} rows={3} {...register('description')} />
      </label>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <label className="block font-semibold">
            Price ({adminCurrencySign()})
            <input
              type="text"
              inputMode="decimal"
              className={inputClass({ size: 'lg' })}
              {...register('price')}
              {...invalid('price')}
            />
          </label>
          {error('price')}
        </div>
        <label className="block font-semibold">
          VAT rate
          <select
            className={inputClass({ size: 'lg' })}
            aria-describedby="vat-hint"
            {...register('vat_rate', { setValueAs: Number })}
          >
            <option value={20}>20%</option>
            <option value={5}>5%</option>
            <option value={0}>0%</option>
          </select>
          <span id="vat-hint" className="block text-sm font-normal text-stone-700">
            {VAT_HINT}
          </span>
        </label>
        <label className="block font-semibold">
          Energy (kcal)
          <input
            type="number"
            className={inputClass({ size: 'lg' })}
            {...register('kcal', {
              setValueAs: (v) => (v === '' || v === null ? null : Number(v)),
            })}
            {...invalid('kcal')}
          />
          {error('kcal')}
        </label>
      </div>
      <StoreFields form={form} stores={menu.stores} error={error} invalid={invalid} />
      {error('store_ids')}
      <AllergenFields register={register} />
      <DietFields register={register} />
      <OptionGroupFields
        control={form.control}
        register={register}
        error={error}
        invalid={invalid}
      />
      {error('option_groups')}
      {item && <PhotoField item={item} onSaved={onSaved} />}
      {notice && <p role="status">{notice}</p>}
      {/* Beside Save, where the eyes are when it is pressed (walk 2, finding 30). */}
      {stale && (
        <div
          role="alert"
          className="space-y-2 rounded-xl border-2 border-amber-700 bg-amber-50 p-4"
        >
          <p className="font-semibold">
            A colleague saved this dish while you were editing. Their version:
          </p>
          <p>
            {stale.current.name}, {adminMoney(stale.current.price)} — {stale.current.description}
          </p>
          <div className="flex gap-2">
            <Button size="lg" onClick={() => void reapply()}>
              Reapply my changes
            </Button>
            <Button
              variant="outline"
              size="lg"
              onClick={() => {
                reset(dishFormValues(stale.current, categoryId, menu.store_id));
                onSaved(stale.current);
                setStale(null);
              }}
            >
              Keep theirs
            </Button>
          </div>
        </div>
      )}
      {!stale && <ProblemLine message={problem} />}
      <Button type="submit" size="lg" disabled={adding.isLoading || editing.isLoading}>
        {item ? 'Save dish' : 'Add dish'}
      </Button>
    </form>
  );
}
