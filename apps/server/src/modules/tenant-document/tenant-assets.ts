import { createHash } from 'node:crypto';
import type { AssetFile } from '../tenants/tenants.repository.ts';

export const MAX_ASSET_BYTES = 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

/**
 * Checks that a file is the image its name says and makes it an asset row. Returns a message
 * instead when it is not: too large, another format, or an SVG that carries script.
 */
export function toAssetFile(name: string, bytes: Uint8Array): AssetFile | string {
  const extension = name.slice(name.lastIndexOf('.') + 1);
  const contentType = CONTENT_TYPES[extension];
  if (!contentType) return `"${name}" is not a .png, .jpg, .webp, .svg or .ico file`;
  if (bytes.byteLength === 0) return `"${name}" is empty`;
  if (bytes.byteLength > MAX_ASSET_BYTES) {
    return `"${name}" is ${Math.ceil(bytes.byteLength / 1024)} KB; the limit is ${MAX_ASSET_BYTES / 1024} KB`;
  }
  if (!looksLike(extension, bytes))
    return `"${name}" does not contain ${extension.toUpperCase()} data`;
  if (extension === 'svg') {
    const text = Buffer.from(bytes).toString('utf8');
    if (/<script|\son[a-z]+\s*=|javascript:|<foreignObject/i.test(text)) {
      return `"${name}" contains script or event handlers, which logos may not carry`;
    }
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { name, contentType, sha256, bytes };
}

function looksLike(extension: string, b: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((byte, i) => b[i] === byte);
  switch (extension) {
    case 'png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'jpg':
    case 'jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'webp':
      return starts(0x52, 0x49, 0x46, 0x46) && b[8] === 0x57 && b[9] === 0x45;
    case 'ico':
      return starts(0x00, 0x00, 0x01, 0x00);
    case 'avif':
      return Buffer.from(b.subarray(4, 12)).toString('latin1') === 'ftypavif';
    case 'svg':
      return /<svg[\s>]/.test(Buffer.from(b.subarray(0, 4096)).toString('utf8'));
    default:
      return false;
  }
}
