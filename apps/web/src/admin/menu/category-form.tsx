import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  ZCategoryEdit,
  type CategoryEdit,
  type EditableCategory,
  type EditableMenu,
} from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { placeAdminErrors } from '../admin-form-errors.ts';
import { useEditCategoryMutation } from './menu-editor-api.ts';
import { formResolver } from '../../lib/plain-words.ts';

type Values = { name: string; description: string; brand: string };
const FIELDS = ['name', 'description', 'brand'] as const;
const valuesOf = (c: EditableCategory): Values => ({
  name: c.name,
  description: c.description,
  brand: c.brand ?? '',
});

/** The form as PATCH /api/admin/categories/{id} takes it (no brand is null), checked by the contract. */
const ZCategoryForm = z
  .object({ name: z.string(), description: z.string(), brand: z.string() })
  .transform(({ brand, ...rest }): z.input<typeof ZCategoryEdit> => ({
    ...rest,
    brand: brand || null,
  }))
  .pipe(ZCategoryEdit);

/** Only what differs from the category as it was read. */
const changesOf = (body: CategoryEdit, category: EditableCategory): CategoryEdit =>
  Object.fromEntries(FIELDS.filter((key) => body[key] !== category[key]).map((k) => [k, body[k]]));

/**
 * A category's name, description and kitchen brand (issue 28): react-hook-form with the
 * contract's schema, saved with the version it was read at: when a colleague saved first, their
 * values are shown and the form starts from them.
 */
export function CategoryForm({
  category,
  brands,
}: {
  category: EditableCategory;
  brands: EditableMenu['brands'];
}) {
  const form = useForm<Values, unknown, CategoryEdit>({
    resolver: formResolver(ZCategoryForm),
    defaultValues: valuesOf(category),
  });
  const [version, setVersion] = useState(category.version);
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);
  const [editCategory, state] = useEditCategoryMutation();

  const save = form.handleSubmit(async (body) => {
    const patch = changesOf(body, category);
    if (Object.keys(patch).length === 0) return;
    const result = await editCategory({ id: category.id, version, patch });
    if (result.data) {
      setVersion(result.data.version);
      return setMessage({ text: `${result.data.name} is saved.`, alert: false });
    }
    const current = staleCurrent<EditableCategory>(result.error);
    if (current) {
      form.reset(valuesOf(current));
      setVersion(current.version);
      const text = `A colleague saved this category first: it is now “${current.name}”. Make your change again.`;
      return setMessage({ text, alert: true });
    }
    setMessage({ text: placeAdminErrors(result.error, form.setError, FIELDS), alert: true });
  });

  return (
    <form
      aria-label={`Category ${category.name}`}
      className="space-y-3 rounded-xl border border-stone-300 p-3"
      noValidate
      onSubmit={save}
    >
      <CategoryFields form={form} brands={brands} />
      {message && (
        <p
          role={message.alert ? 'alert' : 'status'}
          className={message.alert ? 'text-red-700' : ''}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" variant="outline" size="lg" disabled={state.isLoading}>
        Save category
      </Button>
    </form>
  );
}

function CategoryFields({
  form,
  brands,
}: {
  form: UseFormReturn<Values, unknown, CategoryEdit>;
  brands: EditableMenu['brands'];
}) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-3 md:grid-cols-2">
        <label className="block font-semibold">
          Category name
          <input className={inputClass({ size: 'lg' })} {...form.register('name')} />
          {errors.name && <span className="block text-red-700">{errors.name.message}</span>}
        </label>
        <label className="block font-semibold">
          Kitchen (brand)
          <select className={inputClass({ size: 'lg' })} {...form.register('brand')}>
            <option value="">The shop’s own</option>
            {brands.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="block font-semibold">
        Category description
        <input className={inputClass({ size: 'lg' })} {...form.register('description')} />
        {errors.description && (
          <span className="block text-red-700">{errors.description.message}</span>
        )}
      </label>
    </>
  );
}
