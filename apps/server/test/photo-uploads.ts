import sharp from 'sharp';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipartPhoto(
  bytes: Uint8Array,
  filename: string,
  type = 'image/jpeg',
  field = 'photo',
) {
  const boundary = '----servery' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(bytes), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A 1200 × 900 photo from a phone, GPS position in its EXIF. */
export async function phonePhoto() {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 32/1 0/1' } })
    .toBuffer();
}
