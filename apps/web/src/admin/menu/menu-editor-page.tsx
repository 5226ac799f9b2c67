import { useState } from 'react';
import type { EditableCategory, EditableItem } from '@servery/contract/menu-editor';
import { Button } from '../../components/ui/button.tsx';
import { CARD_CLASS } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { staleCurrent } from '../../lib/server-error.ts';
import { adminErrorMessage } from '../admin-api.ts';
import { CategoryForm } from './category-form.tsx';
import { CategoryList } from './category-list.tsx';
import { DeleteCategory } from './delete-category.tsx';
import { DishForm } from './dish-form.tsx';
import { DishList } from './dish-list.tsx';
import { NewCategoryForm } from './new-category-form.tsx';
import {
  useEditCategoryMutation,
  useEditItemMutation,
  useEditorMenuQuery,
} from './menu-editor-api.ts';

const STALE =
  'A colleague changed this in the meantime: the list now shows their order. Try again.';

/** The menu editor (issue 28): a store's categories on the left, a dish's form on the right. */
export function MenuEditorPage() {
  const [storeId, setStoreId] = useState<string | undefined>();
  const menu = useEditorMenuQuery(storeId);
  const [editCategory] = useEditCategoryMutation();
  const [editItem] = useEditItemMutation();
  const [categoryId, setCategoryId] = useState<string>();
  const [dish, setDish] = useState<EditableItem | 'new' | null>(null);
  const [problem, setProblem] = useState('');
  // Hiding a category takes all its dishes off the menu at once: a stray tap beside the ↑ ↓
  // buttons should not do that mid-service, so it asks first. Showing it again is one tap.
  const [hiding, setHiding] = useState<EditableCategory | null>(null);
  const data = menu.data;
  const category = data?.categories.find((c) => c.id === categoryId) ?? data?.categories[0];
  const run = async (call: Promise<{ error?: unknown }>) => {
    const result = await call;
    const stale = staleCurrent(result.error) ? STALE : '';
    setProblem(result.error ? stale || adminErrorMessage(result.error) : '');
  };
  const patch = (c: EditableCategory, body: { position?: number; hidden?: boolean }) =>
    run(editCategory({ id: c.id, version: c.version, patch: body }));
  // One move at a time (walk 2, finding 14): a second tap on an arrow before the first is saved
  // and the menu read again would send a stale version and meet a 409; the lists wait instead.
  const [moving, setMoving] = useState(false);
  const moveWith = async (save: Promise<unknown>) => {
    setMoving(true);
    await save;
    setMoving(false);
  };
  const movesWait = moving || menu.isFetching;
  const moveDish = (item: EditableItem, position: number) =>
    void moveWith(run(editItem({ id: item.id, version: item.version, patch: { position } })));
  const brandName = (slug: string | null) =>
    data?.brands.find((b) => b.slug === slug)?.name ?? null;

  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold">Menu</h1>
      {menu.isLoading && <p role="status">Loading the menu…</p>}
      {menu.error && <ProblemLine message={adminErrorMessage(menu.error)} />}
      <ProblemLine message={problem} />
      {data && data.stores.filter((s) => s.editable).length > 1 && (
        <label className="block max-w-md font-semibold">
          Store
          <select
            className={inputClass({ size: 'lg' })}
            value={data.store_id}
            onChange={(e) => {
              setStoreId(e.target.value);
              setDish(null);
            }}
          >
            {data.stores
              .filter((s) => s.editable)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
          </select>
        </label>
      )}
      {data && (
        <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
          <section
            aria-labelledby="categories-heading"
            className={`${CARD_CLASS} min-w-0 space-y-3`}
          >
            <h2 id="categories-heading" className="text-2xl font-bold">
              Categories
            </h2>
            <CategoryList
              categories={data.categories}
              brandName={brandName}
              selectedId={category?.id}
              onSelect={(id) => {
                setCategoryId(id);
                setDish(null);
              }}
              onMove={(c, position) => void moveWith(patch(c, { position }))}
              busy={movesWait}
              onToggleHidden={(c) => (c.hidden ? void patch(c, { hidden: false }) : setHiding(c))}
            />
            <NewCategoryForm storeId={data.store_id} />
            <ConfirmDialog
              open={hiding !== null}
              id="hide-category"
              title={`Hide ${hiding?.name ?? ''} from the menu?`}
              confirmLabel="Hide it"
              cancelLabel="Keep it on the menu"
              tone="primary"
              size="lg"
              onCancel={() => setHiding(null)}
              onConfirm={() => {
                if (hiding) void patch(hiding, { hidden: true });
                setHiding(null);
              }}
            >
              Customers stop seeing it and its {hiding?.items.length ?? 0}{' '}
              {hiding?.items.length === 1 ? 'dish' : 'dishes'} until it is shown again.
            </ConfirmDialog>
          </section>
          <section aria-labelledby="dishes-heading" className={`${CARD_CLASS} min-w-0 space-y-3`}>
            <h2 id="dishes-heading" className="text-2xl font-bold">
              {category ? category.name : 'Dishes'}
            </h2>
            {dish === null && category && (
              <>
                <CategoryForm key={category.id} category={category} brands={data.brands} />
                <DishList category={category} onOpen={setDish} onMove={moveDish} busy={movesWait} />
                <Button size="lg" onClick={() => setDish('new')}>
                  Add a dish to {category.name}
                </Button>
                <DeleteCategory
                  key={`delete-${category.id}`}
                  category={category}
                  onDeleted={() => setCategoryId(undefined)}
                />
              </>
            )}
            {dish !== null && category && (
              <>
                <Button variant="ghost" size="lg" onClick={() => setDish(null)}>
                  Back to {category.name}
                </Button>
                <DishForm
                  key={dish === 'new' ? 'new' : dish.id}
                  menu={data}
                  item={dish === 'new' ? undefined : dish}
                  categoryId={category.id}
                  onSaved={setDish}
                />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
