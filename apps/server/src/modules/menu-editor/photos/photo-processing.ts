import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { MAX_PHOTO_BYTES } from '@servery/contract/menu-editor';
import { PHOTO_WIDTHS } from '@servery/contract/photo-names';
import { badRequest } from '../../../lib/app-error.ts';

/** More pixels than any phone takes (a 200-megapixel sensor is 16 320 × 12 240). */
const MAX_PIXELS = 200_000_000;
/** Fewer than this on the short side is no dish photo. */
const MIN_SIDE = 64;

const ACCEPTED: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};
const HEIC = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export interface PhotoVariant {
  name: string;
  width: number;
  contentType: string;
  bytes: Uint8Array;
  sha256: string;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const refuse = (message: string) => badRequest(message, { photo: message });

/**
 * Checks an upload by its bytes (never its name) and makes the storefront's variants: each width
 * as WebP and AVIF, turned upright and stripped of EXIF (GPS included), since sharp writes no
 * metadata unless asked. Every way a file can be wrong is a 400 naming it.
 */
export async function processPhoto(bytes: Buffer): Promise<PhotoVariant[]> {
  if (bytes.byteLength === 0) throw refuse('The file is empty.');
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw refuse(`The photo is ${mb(bytes.byteLength)}; the limit is ${mb(MAX_PHOTO_BYTES)}.`);
  }
  const type = await fileTypeFromBuffer(bytes);
  if (type && HEIC.has(type.mime)) {
    // sharp's prebuilt libvips reads AVIF but has no HEVC decoder, so HEIC cannot be read here.
    throw refuse(
      'HEIC photos cannot be read on this server. Send it as a JPEG: on an iPhone, Settings → Camera → Formats → Most Compatible, or share the photo as JPEG.',
    );
  }
  if (!type || !ACCEPTED[type.mime]) {
    const seen = type ? ` (it is ${type.ext.toUpperCase()})` : '';
    throw refuse(`This file is not a JPEG, PNG, WebP or HEIC photo${seen}.`);
  }
  const kind = ACCEPTED[type.mime]!;
  const open = () =>
    sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated', sequentialRead: true });
  let meta: Metadata;
  try {
    // The header alone, with no pixel limit yet, so a bomb's size can be named in the answer.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(`The ${kind} file is damaged and cannot be read.`);
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_PIXELS) {
    throw refuse(
      `The photo is ${width} × ${height} pixels, more than any camera takes; send a smaller one.`,
    );
  }
  if (Math.min(width, height) < MIN_SIDE) {
    throw refuse(
      `The photo is only ${width} × ${height} pixels; send one at least ${MIN_SIDE} wide.`,
    );
  }
  const key = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  try {
    return await variantsOf(open, key);
  } catch {
    throw refuse(`The ${kind} file is damaged or incomplete and cannot be read.`);
  }
}

async function variantsOf(open: () => Sharp, key: string): Promise<PhotoVariant[]> {
  const variants: PhotoVariant[] = [];
  for (const width of PHOTO_WIDTHS) {
    const resized = () => open().rotate().resize({ width, withoutEnlargement: true });
    const webp = await resized().webp({ quality: 78 }).toBuffer();
    const avif = await resized().avif({ quality: 50, effort: 2 }).toBuffer();
    for (const [bytes, ext, contentType] of [
      [webp, 'webp', 'image/webp'],
      [avif, 'avif', 'image/avif'],
    ] as const) {
      variants.push({
        name: `photo-${key}-${width}.${ext}`,
        width,
        contentType,
        bytes: new Uint8Array(bytes),
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
  }
  return variants;
}

/** The name the dish row keeps: its 640-pixel WebP, which every browser can show. */
export const mainPhotoOf = (variants: PhotoVariant[]) =>
  variants.find((v) => v.width === 640 && v.contentType === 'image/webp')!.name;
