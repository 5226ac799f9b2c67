import { useState, type FormEvent } from 'react';
import { adminErrorMessage } from '../admin-api.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/input.tsx';
import { useLazyZonePreviewQuery } from './store-settings-api.ts';
import { adminMoney as money } from '../admin-shop.ts';

/** "Does E1 6RL get delivery, and at what fee?", answered by the order's own rule. */
export function ZonePreviewBox({ storeId }: { storeId: string }) {
  const [postcode, setPostcode] = useState('');
  const [ask, answer] = useLazyZonePreviewQuery();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (postcode.trim()) void ask({ id: storeId, postcode: postcode.trim() });
  };
  const data = answer.data?.data;
  return (
    <form onSubmit={submit} className="space-y-2" aria-labelledby="preview-heading">
      <h2 id="preview-heading" className="text-xl font-semibold">
        Try a postcode
      </h2>
      <div className="flex gap-3">
        <label htmlFor="preview-postcode" className="sr-only">
          Postcode
        </label>
        <input
          id="preview-postcode"
          className={inputClass({ size: 'lg' })}
          placeholder="E1 6RL"
          value={postcode}
          onChange={(e) => setPostcode(e.target.value)}
        />
        <button type="submit" className={buttonClass({ size: 'lg', variant: 'outline' })}>
          Check
        </button>
      </div>
      <p role="status" className="min-h-6">
        {answer.isError
          ? adminErrorMessage(answer.error)
          : data
            ? data.delivers
              ? `${data.postcode}: delivered (zone ${data.area}) for ${money(data.fee!)}, minimum order ${money(data.minimum_order!)}, ${data.travel_minutes} minutes on the road.`
              : `${data.postcode}: no delivery from this store.`
            : ''}
      </p>
    </form>
  );
}
