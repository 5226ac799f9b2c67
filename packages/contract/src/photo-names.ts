/**
 * The names of an uploaded dish photo's files (issue 28): `photo-<16 hex>-<width>.<webp|avif>`,
 * content-addressed. Zod-free: the tenant document and the storefront's picture both use it.
 */

/** The widths the storefront's dish cards and dish page draw photos at (1x and 2x). */
export const PHOTO_WIDTHS = [320, 640, 960] as const;
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export const PHOTO_FILE = /^photo-([a-f0-9]{16})-(\d{3,4})\.(webp|avif)$/;

/** Every file of the photo a dish names as its image; none for any other image. */
export function photoVariantsOf(image: string | null | undefined): string[] {
  const key = image ? PHOTO_FILE.exec(image)?.[1] : undefined;
  if (!key) return [];
  return PHOTO_WIDTHS.flatMap((width) =>
    PHOTO_FORMATS.map((format) => `photo-${key}-${width}.${format}`),
  ).filter((file) => file !== image);
}

/** Where a stored photo file is served, cached for a year (its name changes with its bytes). */
export const photoPath = (file: string) => `/tenancy/photos/${file}`;

/**
 * A dish photo as a `<picture>` draws it: a `srcset` per format (AVIF first, then WebP) over the
 * stored widths, and the 640-pixel WebP as the plain `src`. Null for an image that is not an
 * uploaded photo (a tenant document's own file), which is drawn as it is.
 */
export function photoSources(
  image: string,
): { avif: string; webp: string; fallback: string } | null {
  const key = PHOTO_FILE.exec(image)?.[1];
  if (!key) return null;
  const srcSet = (format: (typeof PHOTO_FORMATS)[number]) =>
    PHOTO_WIDTHS.map((width) => `${photoPath(`photo-${key}-${width}.${format}`)} ${width}w`).join(
      ', ',
    );
  return {
    avif: srcSet('avif'),
    webp: srcSet('webp'),
    fallback: photoPath(`photo-${key}-640.webp`),
  };
}
