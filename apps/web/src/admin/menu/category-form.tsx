import { useState } from 'react';
import type { EditableCategory, EditableMenu } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { adminErrorMessage, adminFieldErrors } from '../admin-api.ts';
import { staleCurrent, useEditCategoryMutation } from './menu-editor-api.ts';

type Values = { name: string; description: string; brand: string };
const valuesOf = (c: EditableCategory): Values => ({
  name: c.name,
  description: c.description,
  brand: c.brand ?? '',
});

/**
 * A category's name, description and kitchen brand (issue 28), saved with the version it was
 * read at: when a colleague saved first, their values are shown and the form starts from them.
 */
export function CategoryForm({
  category,
  brands,
}: {
  category: EditableCategory;
  brands: EditableMenu['brands'];
}) {
  const [values, setValues] = useState(() => valuesOf(category));
  const [version, setVersion] = useState(category.version);
  const [message, setMessage] = useState<{ text: string; alert: boolean } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [editCategory, state] = useEditCategoryMutation();
  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [key]: event.target.value });

  const save = async () => {
    const patch = {
      ...(values.name !== category.name ? { name: values.name } : {}),
      ...(values.description !== category.description ? { description: values.description } : {}),
      ...((values.brand || null) !== category.brand ? { brand: values.brand || null } : {}),
    };
    if (Object.keys(patch).length === 0) return;
    const result = await editCategory({ id: category.id, version, patch });
    setFields(adminFieldErrors(result.error));
    if (result.data) {
      setVersion(result.data.version);
      return setMessage({ text: `${result.data.name} is saved.`, alert: false });
    }
    const current = staleCurrent<EditableCategory>(result.error);
    if (current) {
      setValues(valuesOf(current));
      setVersion(current.version);
      const text = `A colleague saved this category first: it is now “${current.name}”. Make your change again.`;
      return setMessage({ text, alert: true });
    }
    setMessage({ text: adminErrorMessage(result.error), alert: true });
  };

  return (
    <form
      aria-label={`Category ${category.name}`}
      className="space-y-3 rounded-xl border border-stone-300 p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <label className="block font-semibold">
          Category name
          <input
            className={inputClass({ size: 'lg' })}
            value={values.name}
            onChange={set('name')}
          />
          {fields.name && <span className="block text-red-700">{fields.name}</span>}
        </label>
        <label className="block font-semibold">
          Kitchen (brand)
          <select
            className={inputClass({ size: 'lg' })}
            value={values.brand}
            onChange={set('brand')}
          >
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
        <input
          className={inputClass({ size: 'lg' })}
          value={values.description}
          onChange={set('description')}
        />
      </label>
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
