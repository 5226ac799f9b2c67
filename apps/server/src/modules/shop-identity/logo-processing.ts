import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_LOGO_UPLOAD_BYTES, type LogoSlot } from '@servery/contract/shop-identity';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { AssetFile } from '../tenants/tenants.repository.ts';
import { MAX_ASSET_BYTES, toAssetFile } from '../tenant-document/tenant-assets.ts';

const refuse = (message: string) => badRequest(message, { logo: message });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The box each slot is drawn in, twice over for sharp screens: the header draws its logo 48 px
 * tall (up to 188 px wide), the footer about the same, the browser's tab an icon of 16 to 32 px
 * (192 covers a phone's home screen).
 */
const BOXES: Record<LogoSlot, { width: number; height: number; fit: 'inside' | 'contain' }> = {
  headerLogo: { width: 800, height: 240, fit: 'inside' },
  footerLogo: { width: 800, height: 240, fit: 'inside' },
  favicon: { width: 192, height: 192, fit: 'contain' },
};
const RASTER = new Set(['image/jpeg', 'image/png', 'image/webp']);
const MIN_SIDE = 16;

/**
 * An uploaded logo as the shop's asset: a photo-like file (JPEG, PNG, WebP) is turned upright,
 * fitted into its slot's box and written as PNG (transparency kept, every browser and mail
 * reader shows it, no EXIF); an SVG is kept as it is when the tenant document's rule takes it
 * (no script, at most 1 MB). The name carries a hash of the bytes, so a new logo is a new
 * address and no browser shows the old one from its cache.
 */
export async function processLogo(slot: LogoSlot, bytes: Buffer): Promise<AssetFile> {
  if (bytes.byteLength === 0) throw refuse('The file is empty.');
  if (bytes.byteLength > MAX_LOGO_UPLOAD_BYTES) {
    throw refuse(`The file is ${mb(bytes.byteLength)}; the limit is ${mb(MAX_LOGO_UPLOAD_BYTES)}.`);
  }
  const prefix = slot === 'favicon' ? 'icon' : 'logo';
  const key = (data: Uint8Array) => createHash('sha256').update(data).digest('hex').slice(0, 16);
  const type = await fileTypeFromBuffer(bytes);
  if (!type && /<svg[\s>]/.test(bytes.subarray(0, 4096).toString('utf8'))) {
    const asset = toAssetFile(`${prefix}-${key(bytes)}.svg`, new Uint8Array(bytes));
    if (typeof asset === 'string') throw refuse(svgRefusal(asset, bytes.byteLength));
    return asset;
  }
  if (!type || !RASTER.has(type.mime)) {
    const seen = type ? ` (it is ${type.ext.toUpperCase()})` : '';
    throw refuse(`This file is not a PNG, JPEG, WebP or SVG image${seen}.`);
  }
  const box = BOXES[slot];
  let png: Buffer;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const { width = 0, height = 0 } = meta;
    if (width * height > 100_000_000) {
      throw refuse(`The image is ${width} × ${height} pixels; send a smaller one.`);
    }
    if (Math.min(width, height) < MIN_SIDE) {
      throw refuse(`The image is only ${width} × ${height} pixels; send a larger one.`);
    }
    png = await sharp(bytes, { failOn: 'truncated' })
      .rotate()
      .resize({
        ...box,
        withoutEnlargement: box.fit === 'inside',
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse(`The ${type.ext.toUpperCase()} file is damaged and cannot be read.`);
  }
  const asset = toAssetFile(`${prefix}-${key(png)}.png`, new Uint8Array(png));
  // A logo of 800 × 240 pixels is far below the limit as PNG; a photograph of noise is not.
  if (typeof asset === 'string') {
    throw refuse(
      `The image is too detailed to keep as a logo (over ${MAX_ASSET_BYTES / 1024} KB).`,
    );
  }
  return asset;
}

function svgRefusal(reason: string, size: number): string {
  if (size > MAX_ASSET_BYTES) return `An SVG logo may be at most ${MAX_ASSET_BYTES / 1024} KB.`;
  return reason.includes('script')
    ? 'This SVG carries script or event handlers, which a logo may not. Export it again as plain SVG, or send a PNG.'
    : `This SVG cannot be used: ${reason}.`;
}
