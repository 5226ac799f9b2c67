import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { StoreMenu } from '@servery/contract/menu';
import { openEditorShop } from '../../../../test/menu-editor-shop.ts';
import { useServiceApp } from '../../../../test/service-shop.ts';
import { multipartPhoto, phonePhoto } from '../../../../test/photo-uploads.ts';

// Issue 28, point 3: photos checked by their bytes, stripped, resized once, served immutable.
const service = useServiceApp();

/** A PNG that claims 100 000 × 100 000 pixels in a few hundred bytes: a decompression bomb. */
function pngBomb() {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(100_001 * 20))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function openPhotoShop() {
  const shop = await openEditorShop(service.ctx);
  const naan = (await shop.editorMenu()).categories[1]!.items[0]!;
  const upload = (bytes: Uint8Array, filename: string, type?: string) => {
    const body = multipartPhoto(bytes, filename, type);
    return service.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/items/${naan.id}/photo`,
      headers: { ...shop.manager.headers, ...body.headers },
      payload: body.payload,
    });
  };
  return { ...shop, naan, upload };
}

describe('dish photos', () => {
  it('stores WebP and AVIF in the storefront’s widths, without EXIF, served immutable', async () => {
    const { upload, naan, host, get, camden, auditRows } = await openPhotoShop();
    const res = await upload(await phonePhoto(), 'IMG_0042.JPG');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { image: string; variants: { file: string; width: number }[] };
    expect(data.image).toMatch(/^photo-[a-f0-9]{16}-640\.webp$/);
    expect(data.variants.map((v) => v.file.replace(/[a-f0-9]{16}/, 'x'))).toEqual([
      'photo-x-320.webp',
      'photo-x-320.avif',
      'photo-x-640.webp',
      'photo-x-640.avif',
      'photo-x-960.webp',
      'photo-x-960.avif',
    ]);
    expect(res.json().data.item).toMatchObject({ version: 2, image: data.image });

    for (const variant of data.variants) {
      const served = await service.ctx.app.inject({
        method: 'GET',
        url: `/tenancy/photos/${variant.file}`,
        headers: { host },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.exif).toBeUndefined();
    }
    const menu = (await get(`/api/menu/${camden}`)).json().data as StoreMenu;
    const listed = menu.categories.flatMap((c) => c.items).find((i) => i.id === naan.id)!;
    expect(listed.image).toBe(data.image);
    const [audit] = await auditRows('item.photo');
    expect(audit).toMatchObject({ before: { name: 'Garlic naan', image: null } });
  });

  it.each([
    [
      'a PHP file named .jpg',
      () => Buffer.from('<?php system($_GET["c"]); ?>'),
      'shell.jpg',
      /not a JPEG, PNG, WebP or HEIC photo/,
    ],
    [
      'a 40 MB file',
      () => Buffer.alloc(40 * 1024 * 1024, 0xff),
      'huge.jpg',
      /larger than the limit of 10 MB/,
    ],
    ['a decompression bomb', pngBomb, 'bomb.png', /100000 × 100000 pixels/],
    ['a truncated JPEG', async () => (await phonePhoto()).subarray(0, 3000), 'cut.jpg', /damaged/],
    [
      'a HEIC photo',
      () =>
        Buffer.concat([
          Buffer.from('000000186674797068656963000000006d69663168656963', 'hex'),
          Buffer.alloc(64),
        ]),
      'IMG_0001.HEIC',
      /HEIC photos cannot be read on this server/,
    ],
  ])(
    '%s is a 400 with a clear message, and the dish keeps its photo',
    async (_, make, name, message) => {
      const { upload, editorMenu } = await openPhotoShop();
      const res = await upload(await make(), name);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: expect.stringMatching(message) });
      expect((await editorMenu()).categories[1]!.items[0]).toMatchObject({
        image: null,
        version: 1,
      });
    },
  );

  it('a request without the photo field is a 400', async () => {
    const { naan, manager } = await openPhotoShop();
    const res = await service.ctx.app.inject({
      method: 'POST',
      url: `/api/admin/items/${naan.id}/photo`,
      headers: { ...manager.headers, 'content-type': 'application/json' },
      payload: { photo: 'not a file' },
    });
    expect(res.statusCode).toBe(400);
  });
});
