import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '#server/audit/audit.table.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, UPLOAD_MESSAGES, type UploadedImage } from '#shared/contracts/uploads.ts';
import { createProduct } from '../factories/catalogue.ts';
import { bearer, createUser, signInAs } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface FilePart {
  data: Buffer;
  filename: string;
  type: string;
  field?: string;
}

/** A multipart/form-data body by hand: what a browser's FormData sends. */
function multipart(parts: FilePart[], fields: Record<string, string> = {}) {
  const boundary = `----cedar-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });

describe('image uploads', () => {
  let ctx: TestApp;
  let token: string;
  let imagesDir: string;
  const fixtures = {} as Record<'png' | 'jpeg' | 'webp' | 'gif' | 'rotatedJpeg' | 'bomb', Buffer>;

  beforeAll(async () => {
    ctx = await createTestApp({ serveWebApp: true });
    const admin = await createUser(ctx.database.db, { role: 'admin' });
    token = (await signInAs(ctx.app, admin.email)).token;
    imagesDir = path.join(ctx.config.paths.uploads, 'images');
    fixtures.png = await flat(1200, 900).png().toBuffer();
    fixtures.jpeg = await flat(640, 480).jpeg().toBuffer();
    fixtures.webp = await flat(300, 200).webp().toBuffer();
    fixtures.gif = await flat(64, 64).gif().toBuffer();
    // Landscape pixels that EXIF says to show turned 90° (as phones write them), with a camera tag.
    fixtures.rotatedJpeg = await flat(1000, 600)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Make: 'CedarCam' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    // 48 megapixels of one colour: a few kilobytes on the wire, 144 MB once decoded.
    fixtures.bomb = await flat(8000, 6000).png({ compressionLevel: 9 }).toBuffer();
  });
  afterAll(() => ctx.close());

  const upload = (parts: FilePart[], fields?: Record<string, string>) => {
    const { payload, contentType } = multipart(parts, fields);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images',
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
  };
  const remove = (id: string) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/upload/images/${id}`, headers: bearer(token) });
  const filesOnDisk = async () => (await readdir(imagesDir).catch(() => [] as string[])).sort();
  const uploadOne = async (part: FilePart) => {
    const response = await upload([part]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as UploadedImage;
  };

  it('takes a PNG named photo.jpg and declared image/jpeg: the bytes decide, every width is stored as WebP', async () => {
    const image = await uploadOne({ data: fixtures.png, filename: 'photo.jpg', type: 'image/jpeg' });
    expect(image.id).toMatch(/^[a-f0-9]{32}$/);
    expect(image).toEqual({
      id: image.id,
      url: `/uploads/images/${image.id}-800.webp`,
      urls: { '400': `/uploads/images/${image.id}-400.webp`, '800': `/uploads/images/${image.id}-800.webp` },
      width: 800,
      height: 600,
    });
    expect(await filesOnDisk()).toEqual(expect.arrayContaining([`${image.id}-400.webp`, `${image.id}-800.webp`]));
    const small = await sharp(path.join(imagesDir, `${image.id}-400.webp`)).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 400, height: 300 });
    const [audit] = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, image.id));
    expect(audit?.action).toBe('upload.create');
  });

  it('takes JPEG, WebP and GIF, never enlarging a small image', async () => {
    expect(await uploadOne({ data: fixtures.jpeg, filename: 'a.jpeg', type: 'image/jpeg' })).toMatchObject({
      width: 640,
      height: 480,
    });
    expect(await uploadOne({ data: fixtures.webp, filename: 'b.webp', type: 'image/webp' })).toMatchObject({
      width: 300,
      height: 200,
    });
    expect(await uploadOne({ data: fixtures.gif, filename: 'c', type: 'application/octet-stream' })).toMatchObject({
      width: 64,
      height: 64,
    });
  });

  it('applies the EXIF orientation and strips every bit of metadata', async () => {
    expect((await sharp(fixtures.rotatedJpeg).metadata()).exif).toBeDefined();
    const image = await uploadOne({ data: fixtures.rotatedJpeg, filename: 'phone.jpg', type: 'image/jpeg' });
    expect(image).toMatchObject({ width: 600, height: 1000 });
    const stored = await sharp(path.join(imagesDir, `${image.id}-800.webp`)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    const bytes = await sharp(path.join(imagesDir, `${image.id}-800.webp`)).toBuffer();
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('answers a list, in the order sent, for several files', async () => {
    const response = await upload([
      { data: fixtures.jpeg, filename: 'one.jpg', type: 'image/jpeg' },
      { data: fixtures.webp, filename: 'two.webp', type: 'image/webp' },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.map((image: UploadedImage) => image.width)).toEqual([640, 300]);
    expect(new Set(body.data.map((image: UploadedImage) => image.id)).size).toBe(2);
  });

  it('refuses HTML and SVG whatever they are called, storing nothing', async () => {
    const before = await filesOnDisk();
    const html = await upload([
      { data: Buffer.from('<!doctype html><script>alert(1)</script>'), filename: 'x.png', type: 'image/png' },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: UPLOAD_MESSAGES.unsupported });
    const svg = await upload([
      {
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
        ),
        filename: 'logo.svg',
        type: 'image/svg+xml',
      },
    ]);
    expect(svg.statusCode).toBe(415);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('stores all files of a request or none: a bad second file removes the first', async () => {
    const before = await filesOnDisk();
    const response = await upload([
      { data: fixtures.png, filename: 'good.png', type: 'image/png' },
      { data: Buffer.from('<html></html>'), filename: 'bad.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('takes a photo of several megabytes (far over the JSON body limit, under the upload limit)', async () => {
    const noise = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(noise.length).toBeLessThan(UPLOAD_MAX_BYTES);
    expect(await uploadOne({ data: noise, filename: 'big.png', type: 'image/png' })).toMatchObject({
      width: 800,
      height: 600,
    });
  });

  it('refuses a file over the size limit with 413', async () => {
    const before = await filesOnDisk();
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const huge = Buffer.concat([pngHeader, randomBytes(UPLOAD_MAX_BYTES + 1024)]);
    const response = await upload([{ data: huge, filename: 'huge.png', type: 'image/png' }]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge });
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers 413 every time for a file just over or far over the limit, never a 400 for a cut file', async () => {
    const before = await filesOnDisk();
    // A real image, padded: cut at the limit it is still a PNG, but a damaged one.
    const padded = (size: number) => Buffer.concat([fixtures.png, randomBytes(size - fixtures.png.length)]);
    const sizes = [1, 2, 17, 1024, 64 * 1024, UPLOAD_MAX_BYTES, 2 * UPLOAD_MAX_BYTES].map(
      (over) => UPLOAD_MAX_BYTES + over,
    );
    for (let round = 0; round < 3; round++) {
      for (const size of sizes) {
        const response = await upload([{ data: padded(size), filename: 'over.png', type: 'image/png' }]);
        expect(response.statusCode, `${size} bytes, round ${round}: ${response.body}`).toBe(413);
        expect(response.json()).toEqual({
          message: UPLOAD_MESSAGES.tooLarge,
          statusCode: 413,
          code: 'PAYLOAD_TOO_LARGE',
          errors: [{ path: 'file', message: UPLOAD_MESSAGES.tooLarge }],
        });
      }
    }
    // A good file before an oversized one is rolled back.
    const mixed = await upload([
      { data: fixtures.gif, filename: 'ok.gif', type: 'image/gif' },
      { data: padded(UPLOAD_MAX_BYTES + 5), filename: 'over.png', type: 'image/png', field: 'image' },
    ]);
    expect(mixed.statusCode).toBe(413);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('answers 413 when the request bytes arrive split exactly at the limit (the stream hands over a cut file)', async () => {
    const before = await filesOnDisk();
    // A PNG signature then zeros: cut anywhere it is a damaged image (the 400 this used to be).
    const file = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(UPLOAD_MAX_BYTES),
    ]);
    const { payload, contentType } = multipart([{ data: file, filename: 'edge.png', type: 'image/png' }]);
    const fileStart = payload.indexOf(file.subarray(0, 8));
    for (let round = 0; round < 5; round++) {
      // One network read ends exactly at the limit; the next brings the rest.
      const cut = fileStart + UPLOAD_MAX_BYTES;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/images',
        headers: { ...bearer(token), 'content-type': contentType, 'content-length': String(payload.length) },
        payload: Readable.from([payload.subarray(0, cut), payload.subarray(cut)]),
      });
      expect(response.statusCode, `round ${round}: ${response.body}`).toBe(413);
      expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: UPLOAD_MESSAGES.tooLarge });
    }
    expect(await filesOnDisk()).toEqual(before);
  });

  it('reads the field "image" as well as "file", one or several files under either', async () => {
    const single = await upload([{ data: fixtures.png, filename: 'a.png', type: 'image/png', field: 'image' }]);
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json()).toMatchObject({ success: true, data: { id: expect.stringMatching(/^[a-f0-9]{32}$/) } });

    const several = await upload([
      { data: fixtures.gif, filename: 'a.gif', type: 'image/gif', field: 'image' },
      { data: fixtures.webp, filename: 'b.webp', type: 'image/webp', field: 'file' },
      { data: fixtures.jpeg, filename: 'c.jpg', type: 'image/jpeg', field: 'image' },
    ]);
    expect(several.statusCode, several.body).toBe(201);
    const body = several.json();
    expect(body.success).toBe(true);
    expect(body.data.map((image: UploadedImage) => [image.width, image.height])).toEqual([
      [64, 64],
      [300, 200],
      [640, 480],
    ]);
  });

  it('refuses more files than allowed at once, keeping none of them', async () => {
    const before = await filesOnDisk();
    const gifs = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, index) => ({
      data: fixtures.gif,
      filename: `g${index}.gif`,
      type: 'image/gif',
    }));
    const response = await upload(gifs);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooManyFiles);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a pixel bomb before decoding it', async () => {
    expect(fixtures.bomb.length).toBeLessThan(UPLOAD_MAX_BYTES);
    const before = await filesOnDisk();
    const response = await upload([{ data: fixtures.bomb, filename: 'bomb.png', type: 'image/png' }]);
    expect([400, 413]).toContain(response.statusCode);
    expect(response.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses a damaged image, a request without a file, and a body that is not multipart', async () => {
    const damaged = Buffer.concat([fixtures.png.subarray(0, 60), randomBytes(200)]);
    expect((await upload([{ data: damaged, filename: 'broken.png', type: 'image/png' }])).statusCode).toBe(400);
    const none = await upload([], { title: 'no file here' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MESSAGES.noFile);
    const wrongField = await upload([{ data: fixtures.png, filename: 'a.png', type: 'image/png', field: 'avatar' }]);
    expect(wrongField.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/images',
      headers: bearer(token),
      payload: { file: 'nope' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('serves stored images as immutable WebP with nosniff', async () => {
    const image = await uploadOne({ data: fixtures.jpeg, filename: 'served.jpg', type: 'image/jpeg' });
    const response = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toMatch(/immutable/);
    expect(response.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('deletes every width of an image; 404 when unknown, 400 for a malformed id', async () => {
    const image = await uploadOne({ data: fixtures.webp, filename: 'gone.webp', type: 'image/webp' });
    const response = await remove(image.id);
    expect(response.statusCode).toBe(204);
    expect((await filesOnDisk()).some((file) => file.startsWith(image.id))).toBe(false);
    expect((await remove(image.id)).statusCode).toBe(404);
    expect((await remove('../../etc/passwd')).statusCode).toBe(404);
    const bad = await remove('NOT-AN-ID');
    expect(bad.statusCode).toBe(400);
    expect((await remove('a'.repeat(31))).statusCode).toBe(400);
    const [audit] = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'upload.delete'));
    expect(audit?.entityId).toBe(image.id);
  });

  it('refuses to delete an image a product shows', async () => {
    const image = await uploadOne({ data: fixtures.jpeg, filename: 'used.jpg', type: 'image/jpeg' });
    await createProduct(ctx.database.db, { images: ['/uploads/seed/other-800.webp', image.url] });
    const response = await remove(image.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: UPLOAD_MESSAGES.inUse });
    expect(await filesOnDisk()).toEqual(expect.arrayContaining([`${image.id}-800.webp`]));
  });
});
