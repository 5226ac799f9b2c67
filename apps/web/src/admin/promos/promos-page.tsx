import { useState } from 'react';
import type { AdminPromo } from '@servery/contract/shop-editor';
import { staleCurrent } from '../../lib/server-error.ts';
import { adminErrorMessage, adminFieldErrors, useSessionQuery } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { BADGE_CLASS, CARD_CLASS } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { ProblemLine } from '../../components/ui/problem.tsx';
import { PromoForm, type PromoSubmit } from './promo-form.tsx';
import type { PromoFormValues } from './promo-form-schema.ts';
import { useCreatePromoMutation, usePatchPromoMutation, usePromosQuery } from './promos-api.ts';

const STATE_LABELS: Record<AdminPromo['state'], string> = {
  active: 'Active',
  scheduled: 'Starts later',
  ended: 'Ended',
  used_up: 'Used up',
};
const money = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const offOf = (p: AdminPromo) =>
  p.kind === 'percent' ? `${p.value}% off` : `${money(p.value)} off`;

/** Owners and managers: the shop's promo codes; new, changed, ended (never deleted). */
export function PromosPage() {
  const { data: session } = useSessionQuery();
  const list = usePromosQuery();
  const [create] = useCreatePromoMutation();
  const [patch] = usePatchPromoMutation();
  const [editing, setEditing] = useState<AdminPromo | 'new' | null>(null);
  const [notice, setNotice] = useState('');
  const [problem, setProblem] = useState('');
  // Ending stops every customer's use of the code at once: asked first, as a stray tap could.
  const [ending, setEnding] = useState<AdminPromo | null>(null);
  const [endProblem, setEndProblem] = useState('');
  const stores = session?.stores ?? [];

  const placeErrors = (error: unknown, setError: Parameters<PromoSubmit>[1]) => {
    const fields = adminFieldErrors(error);
    for (const [field, message] of Object.entries(fields)) {
      setError(field.split('.')[0] as keyof PromoFormValues, { message });
    }
    setProblem(adminErrorMessage(error));
  };

  const save: PromoSubmit = async (body, setError) => {
    setProblem('');
    if (editing === 'new') {
      const result = await create(body);
      if ('error' in result) return placeErrors(result.error, setError);
      setNotice(result.data.message);
    } else if (editing) {
      const { code: _code, ...changes } = body;
      const result = await patch({ id: editing.id, ...changes, version: editing.version });
      if ('error' in result) {
        const current = staleCurrent<AdminPromo>(result.error);
        if (current) setEditing(current);
        return placeErrors(result.error, setError);
      }
      setNotice(result.data.message);
    }
    setEditing(null);
  };

  const end = async (promo: AdminPromo) => {
    setEndProblem('');
    const result = await patch({
      id: promo.id,
      ends_at: new Date().toISOString(),
      version: promo.version,
    });
    if ('error' in result) return setEndProblem(adminErrorMessage(result.error));
    setNotice(result.data.message);
    setEnding(null);
  };

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Promo codes</h1>
        {!editing && (
          <button
            type="button"
            className={buttonClass({ size: 'lg' })}
            onClick={() => setEditing('new')}
          >
            New code
          </button>
        )}
      </div>
      <p role="status" className="mt-2 min-h-6 text-green-800">
        {notice}
      </p>
      <ProblemLine message={problem} className="mb-3" />
      {editing && (
        <section className={`${CARD_CLASS} mb-6`} aria-labelledby="promo-form-heading">
          <h2 id="promo-form-heading" className="mb-4 text-xl font-semibold">
            {editing === 'new' ? 'A new code' : `Change ${editing.code}`}
          </h2>
          <PromoForm
            promo={editing === 'new' ? undefined : editing}
            stores={stores}
            submitLabel={editing === 'new' ? 'Save the code' : 'Save changes'}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        </section>
      )}
      {list.isError && <ProblemLine message={adminErrorMessage(list.error)} />}
      <ul className="grid gap-4 md:grid-cols-2">
        {(list.data ?? []).map((promo) => (
          <li key={promo.id} className={CARD_CLASS}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="min-w-0 text-xl font-bold wrap-anywhere">{promo.code}</h2>
              <span className={`${BADGE_CLASS} bg-stone-100 text-stone-900`}>
                {STATE_LABELS[promo.state]}
              </span>
            </div>
            <p className="mt-1">{promo.description}</p>
            <p className="mt-1 text-stone-700">
              {offOf(promo)}
              {promo.minimum_order ? `, orders from ${money(promo.minimum_order)}` : ''}
              {promo.first_order_only ? ', first order only' : ''}. Used {promo.uses}
              {promo.total_limit !== null ? ` of ${promo.total_limit}` : ''} times.
            </p>
            {!promo.editable ? (
              <p className="mt-3 text-stone-700">
                Also applies at stores you do not work in: an owner changes it.
              </p>
            ) : (
              <div className="mt-3 flex gap-3">
                <button
                  type="button"
                  className={buttonClass({ size: 'lg', variant: 'outline' })}
                  onClick={() => setEditing(promo)}
                  aria-label={`Change ${promo.code}`}
                >
                  Change
                </button>
                {promo.state !== 'ended' && (
                  <button
                    type="button"
                    className={buttonClass({ size: 'lg', variant: 'danger' })}
                    onClick={() => {
                      setEndProblem('');
                      setEnding(promo);
                    }}
                    aria-label={`End ${promo.code} now`}
                  >
                    End now
                  </button>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {list.data?.length === 0 && <p>No promo codes yet.</p>}
      <ConfirmDialog
        open={ending !== null}
        id="end-promo"
        title={`End ${ending?.code ?? ''} now?`}
        confirmLabel={`Yes, end ${ending?.code ?? ''}`}
        cancelLabel="Keep it running"
        size="lg"
        problem={endProblem}
        onCancel={() => setEnding(null)}
        onConfirm={() => void (ending && end(ending))}
      >
        Customers can no longer use the code from now. To run it again, open Change and clear its
        end.
      </ConfirmDialog>
    </>
  );
}
