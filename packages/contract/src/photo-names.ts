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
