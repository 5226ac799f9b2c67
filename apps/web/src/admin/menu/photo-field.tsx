import { useState } from 'react';
import { tenancyAssetPath } from '@servery/contract/constants';
import type { EditableItem } from '@servery/contract/menu-editor';
import { photoSources } from '@servery/contract/photo-names';
import { adminErrorMessage } from '../admin-api.ts';
import { useUploadPhotoMutation } from './menu-editor-api.ts';

/**
 * Where the dish's photo is served, as the storefront's DishPhoto draws it: an uploaded photo's
 * 640-pixel copy, or a tenant document's own image (the demo's drawings) from the shop's assets.
 */
export const storedPhotoUrl = (image: string) =>
  photoSources(image)?.fallback ?? tenancyAssetPath(image);

/** A photo from the camera roll or the desktop: previewed at once, stored when chosen. */
export function PhotoField({
  item,
  onSaved,
}: {
  item: EditableItem;
  onSaved: (item: EditableItem) => void;
}) {
  const [upload, state] = useUploadPhotoMutation();
  const [preview, setPreview] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const shown = preview ?? (item.image ? storedPhotoUrl(item.image) : null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    // A data: URL, which the page's Content-Security-Policy allows (blob: it does not).
    let answered = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!answered) setPreview(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.readAsDataURL(file);
    const result = await upload({ id: item.id, file });
    answered = true;
    if (result.data) {
      // From now on the stored photo, as customers get it.
      setPreview(null);
      setMessage('The photo is saved.');
      onSaved(result.data.item);
    } else {
      setPreview(null);
      setMessage(adminErrorMessage(result.error));
    }
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-lg font-semibold">Photo</legend>
      {shown && (
        <img
          src={shown}
          alt={`${item.name}, as customers will see it`}
          className="h-40 w-60 rounded-xl object-cover"
        />
      )}
      <label className="flex min-h-12 cursor-pointer items-center rounded-lg border-2 border-stone-900 px-4 font-semibold">
        {item.image ? 'Replace the photo' : 'Add a photo'} (JPEG, PNG or WebP, up to 10 MB)
        {/* No HEIC (decision 35: it cannot be converted here): an iPhone then sends a JPEG. */}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {state.isLoading && <p role="status">Uploading…</p>}
      {message && <p role="status">{message}</p>}
    </fieldset>
  );
}
