import { describe, expect, it } from 'vitest';
import { storedPhotoUrl } from './photo-field.tsx';

describe('the dish form’s photo', () => {
  it('shows an uploaded photo’s 640-pixel copy, as the storefront’s card falls back to', () => {
    expect(storedPhotoUrl('photo-0123456789abcdef-1280.avif')).toBe(
      '/tenancy/photos/photo-0123456789abcdef-640.webp',
    );
  });

  it('shows a tenant document’s own image (the demo’s drawings) from the shop’s assets', () => {
    // It used to ask /tenancy/photos/ for it, which answers 400: a broken image on every demo dish.
    expect(storedPhotoUrl('dish-onion-bhaji.svg')).toBe('/tenancy/assets/dish-onion-bhaji.svg');
  });
});
