import { useState } from 'react';
import { tenancyAssetPath } from '@servery/contract/constants';
import {
  LOGO_SLOT_LABELS,
  type LogoSlot,
  type ShopIdentity,
} from '@servery/contract/shop-identity';
import { adminErrorMessage } from '../admin-api.ts';
import { useUploadLogoMutation } from './shop-api.ts';

const HINTS: Record<LogoSlot, string> = {
  headerLogo: 'At the top of every page, 48 pixels tall.',
  footerLogo: 'At the foot of every page, on the main colour.',
  favicon: 'In the browser’s tab and on a phone’s home screen: a square works best.',
};

/**
 * One of the shop's logos, as the menu editor's dish photo (menu/photo-field.tsx): previewed at
 * once from the file, stored when chosen, then shown as the storefront serves it.
 */
export function LogoField({ shop, slot }: { shop: ShopIdentity; slot: LogoSlot }) {
  const [upload, state] = useUploadLogoMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const label = LOGO_SLOT_LABELS[slot];
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setMessage('');
    // A data: URL, which the page's Content-Security-Policy allows (blob: it does not).
    let answered = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!answered) setPreview(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.readAsDataURL(file);
    const result = await upload({ slot, file });
    answered = true;
    setPreview(null);
    setMessage(result.data ? result.data.message : adminErrorMessage(result.error));
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">{label}</legend>
      <p className="text-sm text-stone-700">{HINTS[slot]}</p>
      <div
        className={`grid h-28 place-items-center rounded-xl border-2 border-dashed p-2 ${
          // Drawn where the storefront draws it: the footer is in the main colour.
          slot === 'footerLogo' ? 'border-primary bg-primary' : 'border-stone-300 bg-stone-50'
        }`}
      >
        <img
          src={preview ?? tenancyAssetPath(shop[slot])}
          alt={`${label}, as customers see it`}
          className={`max-h-24 max-w-full object-contain ${slot === 'favicon' ? 'size-16' : ''}`}
        />
      </div>
      <label className="flex min-h-12 cursor-pointer items-center rounded-lg border-2 border-stone-900 px-4 font-semibold focus-within:outline-3 focus-within:outline-primary">
        Replace the {label.toLowerCase()} (PNG, JPEG, WebP or SVG)
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/svg+xml"
          className="sr-only"
          disabled={state.isLoading}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {state.isLoading && <p role="status">Uploading…</p>}
      {message && <p role="status">{message}</p>}
    </fieldset>
  );
}
