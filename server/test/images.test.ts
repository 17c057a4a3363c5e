/** Multipart plumbing and images: uploads checked by content and size, stored, served with cache headers. */
import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { images, referenceItems } from '../src/db/schema.js';
import { sniffImageType } from '../src/lib/images.js';
import { imageById } from '../src/queries/images.js';
import { Base64Param } from '../src/db/base64-param.js';
import { MAX_IMAGE_BYTES, multipartBodyLimit } from '../src/lib/multipart.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { expectContract } from './helpers/contract.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePng, makePngHeader, multipart } from './helpers/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const imageCount = async () => (await t.database.db.select({ n: count() }).from(images))[0].n;
/** No image more than `imagesBefore` and no reference item named `name`. */
const expectNothingStored = async (name: string, imagesBefore: number) => {
  expect(await imageCount()).toBe(imagesBefore);
  const rows = await t.database.db
    .select()
    .from(referenceItems)
    .where(eq(referenceItems.name, name));
  expect(rows).toHaveLength(0);
};
const postCuisine = async (fields: Parameters<typeof multipart>[0], token?: string | null) =>
  t.as({ method: 'POST', url: '/api/v1/cuisine', ...(await multipart(fields)), token });

test('sniffs PNG, JPEG and WebP by their bytes', () => {
  expect(sniffImageType(makePng())).toBe('image/png');
  expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
  expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
  expect(sniffImageType(Buffer.from('GIF89a'))).toBeUndefined();
  expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
});

test('image bytes go to the database as base64 text made off the request path (PGlite would encode a binary parameter byte by byte) and come back as base64 text', async () => {
  const bytes = Buffer.from([0, 1, 2, 250, 255]);
  const insert = t.database.db
    .insert(images)
    .values({ contentType: 'image/png', bytes, size: bytes.length, sha256: 'x' })
    .toSQL();
  expect(insert.sql).toContain(`decode($2, 'base64')`);
  const param = insert.params.find((value) => value instanceof Base64Param) as Base64Param;
  expect(param.toPostgres()).toBe(bytes.toString('base64'));
  // A larger image with every byte value, stored and read back whole.
  const all = Buffer.concat(
    Array.from({ length: 400 }, () => Buffer.from(Array.from({ length: 256 }, (_, i) => i))),
  );
  const [row] = await t.database.db
    .insert(images)
    .values({ contentType: 'image/png', bytes: all, size: all.length, sha256: 'x' })
    .returning({ id: images.id });
  expect((await imageById(t.database.db, row.id))?.bytes.equals(all)).toBe(true);
  await t.database.db.delete(images).where(eq(images.id, row.id));
});

test('a PNG is stored under a server-chosen id and served with its type, cache headers and ETag', async () => {
  const png = makePng(3, 3);
  const res = await postCuisine({
    name: 'Peruvian',
    image: { bytes: png, filename: '../../etc/evil name.png', type: 'image/png' },
  });
  const body = await expectContract(res, 'createCuisine', 201);
  expect(body.message).toBe('Cuisine preference created successfully');
  expect(body.data.image).toMatch(/^\/api\/v1\/images\/[0-9a-f-]{36}$/);
  expect(body.data.image).not.toContain('evil');

  const served = await t.app.inject({ method: 'GET', url: body.data.image });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('image/png');
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.rawPayload.equals(png)).toBe(true);
  const etag = served.headers.etag as string;
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

  const again = await t.app.inject({
    method: 'GET',
    url: body.data.image,
    headers: { 'if-none-match': etag },
  });
  expect(again.statusCode).toBe(304);
});

/** A valid PNG followed by every byte value over and over, `bytes` long in all. */
const largePng = (bytes: number) => {
  const png = makePng(3, 3);
  const pattern = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return Buffer.concat([png, ...Array.from({ length: Math.ceil(bytes / 256) }, () => pattern)]);
};

test('a large image is stored and served byte for byte', async () => {
  const bytes = largePng(2.5 * 1024 * 1024);
  const res = await postCuisine({
    name: 'Large Image',
    image: { bytes, filename: 'big.png', type: 'image/png' },
  });
  const body = await expectContract(res, 'createCuisine', 201);
  const served = await t.app.inject({ method: 'GET', url: body.data.image });
  expect(served.rawPayload.equals(bytes)).toBe(true);
  expect(served.headers.etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
});

test('an upload that fails after its image is written leaves no image and no row', async () => {
  const before = await imageCount();
  // The database refuses the cuisine's row, written after its image in the same transaction.
  await t.database.db.execute(
    sql.raw(`create function refuse_half_written() returns trigger language plpgsql as $$
    begin
      if new.name = 'Half Written' then
        raise exception 'refused in a test';
      end if;
      return new;
    end $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger refuse_half_written before insert on reference_items
    for each row execute function refuse_half_written()`),
  );
  try {
    const res = await postCuisine({
      name: 'Half Written',
      image: { bytes: largePng(1024 * 1024), filename: 'big.png', type: 'image/png' },
    });
    expect(res.statusCode).toBe(500);
  } finally {
    await t.database.db.execute(sql.raw(`drop trigger refuse_half_written on reference_items`));
    await t.database.db.execute(sql.raw(`drop function refuse_half_written()`));
  }
  await expectNothingStored('Half Written', before);
});

test('the claimed type is ignored: a text file named .png is refused with 415 and nothing is stored', async () => {
  const before = await imageCount();
  const res = await postCuisine({
    name: 'Text Cuisine',
    image: { bytes: Buffer.from('hello, not an image'), filename: 'photo.png', type: 'image/png' },
  });
  const body = await expectContract(res, 'createCuisine', 415);
  expect(body.message).toBe('"photo.png" is not an image: upload a PNG, JPEG or WebP file');
  await expectNothingStored('Text Cuisine', before);
});

test('a file over 5 MB is refused with 413 and nothing is stored', async () => {
  const before = await imageCount();
  const big = Buffer.concat([makePng(), Buffer.alloc(MAX_IMAGE_BYTES)]);
  const res = await postCuisine({
    name: 'Huge Cuisine',
    image: { bytes: big, filename: 'big.png', type: 'image/png' },
  });
  const body = await expectContract(res, 'createCuisine', 413);
  expect(body.message).toBe('A file is larger than 5 MB');
  await expectNothingStored('Huge Cuisine', before);
});

test('an image field sent as text is refused, an empty file input counts as no image', async () => {
  await expectContract(
    await postCuisine({ name: 'Textual', image: 'not-a-file' }),
    'createCuisine',
    400,
  );
  const res = await postCuisine({
    name: 'No Picture',
    image: { bytes: Buffer.alloc(0), filename: '' },
  });
  expect((await expectContract(res, 'createCuisine', 201)).data.image).toBeNull();
});

test('multipart fields are validated by the contract (unknown field: 400)', async () => {
  const res = await postCuisine({ name: 'Extra', colour: 'red' });
  expect((await expectContract(res, 'createCuisine', 400)).message).toMatch(/Invalid request/);
});

test('uploads need an admin token', async () => {
  await expectContract(await postCuisine({ name: 'Anon' }, null), 'createCuisine', 401);
  await expectContract(await postCuisine({ name: 'Owner' }, t.ownerToken), 'createCuisine', 403);
});

test('an unknown or malformed image id is a 404', async () => {
  const unknown = await t.app.inject({
    method: 'GET',
    url: '/api/v1/images/00000000-0000-4000-8000-000000000000',
  });
  await expectContract(unknown, 'getImage', 404);
  await expectContract(
    await t.app.inject({ method: 'GET', url: '/api/v1/images/abc' }),
    'getImage',
    404,
  );
});

test('an image over 6000 × 6000 pixels (a PNG bomb) is refused with 400 from its header; nothing is stored', async () => {
  const before = await imageCount();
  const bomb = await postCuisine({
    name: 'Bomb Cuisine',
    image: { bytes: makePngHeader(30_000, 30_000), filename: 'bomb.png', type: 'image/png' },
  });
  expect((await expectContract(bomb, 'createCuisine', 400)).message).toBe(
    '"bomb.png" is 30000 × 30000 pixels; images may be at most 6000 × 6000 and 40 megapixels',
  );
  const wide = await postCuisine({
    name: 'Wide Cuisine',
    image: { bytes: makePngHeader(6001, 1), filename: 'wide.png', type: 'image/png' },
  });
  await expectContract(wide, 'createCuisine', 400);
  expect(await imageCount()).toBe(before);
  const edge = await postCuisine({
    name: 'Edge Cuisine',
    image: { bytes: makePngHeader(6000, 2), filename: 'edge.png', type: 'image/png' },
  });
  await expectContract(edge, 'createCuisine', 201);
});

test('a multipart body longer than the operation allows is answered 413 before it is sent, and the connection closed', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const limit = multipartBodyLimit(1);
  const answer = await new Promise<{ status: number; connection: string; body: string }>(
    (resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/cuisine',
        headers: {
          authorization: `Bearer ${t.adminToken}`,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(500 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: String(res.headers.connection), body }),
        );
      });
      req.on('error', reject);
      // The first bytes only: the answer comes without waiting for the other 500 MB.
      req.write('--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n');
    },
  );
  expect(answer.status).toBe(413);
  expect(answer.connection).toBe('close');
  expect(JSON.parse(answer.body).message).toBe(
    `The request is larger than this operation accepts (${Math.floor(limit / 1024 / 1024)} MB: 1 file of at most 5 MB and the form's fields)`,
  );
});
