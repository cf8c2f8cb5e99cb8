import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cleanFileName } from '@fbo/shared';
import { files } from '../src/db/schema/index';
import { UPLOAD_LINK_RATE } from '../src/modules/images/images.service';
import { presignUrl } from '../src/storage/sigv4';
import { useApiTest } from './helpers/api';
import { PERSONA } from './helpers/personas';

const t = useApiTest();
const { send } = t;

// The smallest valid PNG: a 1x1 transparent pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function presign(email: string, fileName = 'my logo.png', extra = '') {
  return send(email, 'GET', `/api/images/presigned_url?file_name=${encodeURIComponent(fileName)}${extra}`);
}

async function upload(email: string, fileName = 'my logo.png', bytes = PNG) {
  const link = (await presign(email, fileName)).json();
  const put = await send(null, 'PUT', link.presigned_url, bytes, { 'content-type': 'image/png' });
  return { link, put };
}

async function uploadToLibrary(email: string, fileName = 'photo.png') {
  const { link, put } = await upload(email, fileName);
  expect(put.statusCode).toBe(200);
  const added = await send(email, 'POST', '/api/images/library', { fileId: link.file_id });
  expect(added.statusCode).toBe(200);
  return link as { file_id: string; url: string; file_path: string };
}

describe('shared rules', () => {
  it('cleans names, keeping the extension', () => {
    expect(cleanFileName('My photo (1).PNG')).toBe('My-photo--1-.png');
    expect(cleanFileName('a_b.c.jpeg')).toBe('a-b-c.jpeg');
  });
});

describe('presigned upload', () => {
  it('answers a link, a path under images/YYYY/MM and a pending row', async () => {
    const res = await presign(PERSONA.DESIGNER);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.file_path).toMatch(/^images\/\d{4}\/\d{2}\/[0-9a-f-]{36}-my-logo\.png$/);
    expect(body.url).toBe(`/files/${body.file_path}`);
    expect(body.presigned_url).toMatch(new RegExp(`^/api/files/upload/${body.file_id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const [row] = await t.database.db.select().from(files).where(eq(files.id, body.file_id));
    expect(row).toMatchObject({ status: 'pending', name: 'my-logo.png', sellerTeamId: null });
    expect(row!.agencyId).not.toBeNull();
  });

  it('refuses other types with 400 and oversized files with 413, with the spec messages', async () => {
    const txt = await presign(PERSONA.DESIGNER, 'notes.txt');
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe('File must be image format!');
    const wrongType = await presign(PERSONA.DESIGNER, 'a.png', '&content_type=text%2Fhtml');
    expect(wrongType.json().message).toBe('File must be image format!');
    const big = await presign(PERSONA.DESIGNER, 'a.png', '&size=73400321');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size can not exceed 70MB!');
    expect((await presign(PERSONA.DESIGNER, 'a.webp', '&size=73400320')).statusCode).toBe(200);
  });

  it('round-trips a real PNG: PUT then GET /files/... with nosniff and the stored type', async () => {
    const { link, put } = await upload(PERSONA.OWNER);
    expect(put.statusCode).toBe(200);
    const got = await send(null, 'GET', link.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'");
    expect(got.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row).toMatchObject({ status: 'uploaded', size: PNG.length, contentType: 'image/png' });
    // Write-once: the same link cannot replace the file.
    const again = await send(null, 'PUT', link.presigned_url, PNG, { 'content-type': 'image/png' });
    expect(again.statusCode).toBe(403);
  });

  it('refuses a tampered or expired signature with 403', async () => {
    const link = (await presign(PERSONA.DESIGNER)).json();
    const tampered = link.presigned_url.replace(/signature=(.)/, (_: string, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    const bad = await send(null, 'PUT', tampered, PNG, { 'content-type': 'image/png' });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().message).toBe('Upload link expired or invalid');
    const expired = link.presigned_url.replace(/expires=\d+/, 'expires=1000');
    expect((await send(null, 'PUT', expired, PNG, { 'content-type': 'image/png' })).statusCode).toBe(403);
    const missing = await send(null, 'PUT', `/api/files/upload/${link.file_id}`, PNG, { 'content-type': 'image/png' });
    expect(missing.statusCode).toBe(403);
  });

  it('refuses bytes that are not PNG, JPEG or WEBP with 400', async () => {
    const { put } = await upload(PERSONA.DESIGNER, 'fake.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(put.statusCode).toBe(400);
    expect(put.json().message).toBe('File must be image format!');
  });

  it('refuses a body over 70 MB with 413', async () => {
    const link = (await presign(PERSONA.DESIGNER)).json();
    const res = await send(null, 'PUT', link.presigned_url, Buffer.alloc(73400321), { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size can not exceed 70MB!');
  });

  it('lets exactly one of 4 concurrent PUTs on one link through; the others get 403', async () => {
    const link = (await presign(PERSONA.DESIGNER, 'race.png')).json();
    const puts = await Promise.all(
      [0, 1, 2, 3].map(() => send(null, 'PUT', link.presigned_url, PNG, { 'content-type': 'image/png' })),
    );
    expect(puts.map((p) => p.statusCode).sort()).toEqual([200, 403, 403, 403]);
    for (const refused of puts.filter((p) => p.statusCode === 403)) expect(refused.json().message).toBe('Upload link expired or invalid');
    const [row] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(row).toMatchObject({ status: 'uploaded', size: PNG.length });
  });

  it('caps the PUT at the size declared at presign; a refused PUT leaves nothing and hands the link back', async () => {
    const link = (await presign(PERSONA.DESIGNER, 'declared.png', `&size=${PNG.length}`)).json();
    const [minted] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(minted!.maxSize).toBe(PNG.length);
    const over = await send(null, 'PUT', link.presigned_url, Buffer.concat([PNG, Buffer.alloc(1)]), { 'content-type': 'image/png' });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('File size can not exceed 70MB!');
    expect((await send(null, 'GET', link.url)).statusCode).toBe(404);
    const [after] = await t.database.db.select().from(files).where(eq(files.id, link.file_id));
    expect(after!.status).toBe('pending');
    // Not used up by the refusal: the declared bytes still go through, once.
    const exact = await send(null, 'PUT', link.presigned_url, PNG, { 'content-type': 'image/png' });
    expect(exact.statusCode).toBe(200);
    expect((await send(null, 'GET', link.url)).rawPayload.equals(PNG)).toBe(true);
  });

  it('rate-limits minting links per user (429 past the limit), other users unaffected', async () => {
    // The administrator mints no other link in this file.
    const mint = () => send(PERSONA.ADMIN, 'GET', '/api/images/presigned_url?file_name=a.png&size=100');
    for (let i = 0; i < UPLOAD_LINK_RATE.limit; i += 1) expect((await mint()).statusCode).toBe(200);
    const refused = await mint();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/try again in \d+ minutes?/);
    expect((await presign(PERSONA.OWNER)).statusCode).toBe(200);
  });

  it('serves nothing for a pending or unknown path', async () => {
    const link = (await presign(PERSONA.DESIGNER)).json();
    expect((await send(null, 'GET', link.url)).statusCode).toBe(404);
    expect((await send(null, 'GET', '/files/../../etc/passwd')).statusCode).toBe(404);
  });
});

describe('image library', () => {
  it('lists, searches and deletes the agency library; the stored file goes too', async () => {
    const link = await uploadToLibrary(PERSONA.DESIGNER, 'Agency Banner.png');
    const list = await send(PERSONA.OWNER, 'GET', '/api/images?search=banner');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, page: 1, limit: 10 });
    expect(list.json().data[0]).toMatchObject({ id: link.file_id, name: 'Agency-Banner.png', url: link.url, size: PNG.length, contentType: 'image/png' });

    const del = await send(PERSONA.OWNER, 'DELETE', `/api/images/${link.file_id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Deleted');
    expect((await send(null, 'GET', link.url)).statusCode).toBe(404);
    expect((await send(PERSONA.OWNER, 'GET', '/api/images?search=banner')).json().total).toBe(0);
  });

  it('keeps tenants apart: another agency gets 404, sellers see only their team', async () => {
    const link = await uploadToLibrary(PERSONA.DESIGNER, 'secret.png');
    expect((await send(PERSONA.OTHER_OWNER, 'DELETE', `/api/images/${link.file_id}`)).statusCode).toBe(404);
    expect((await send(PERSONA.OTHER_OWNER, 'POST', '/api/images/library', { fileId: link.file_id })).statusCode).toBe(404);
    const otherList = await send(PERSONA.OTHER_OWNER, 'GET', '/api/images');
    expect(otherList.json().data.map((i: { id: string }) => i.id)).not.toContain(link.file_id);

    const sellerLink = await uploadToLibrary(PERSONA.SELLER_DESIGNER, 'team.png');
    const seller = (await send(PERSONA.SELLER, 'GET', '/api/images')).json();
    expect(seller.data.map((i: { id: string }) => i.id)).toEqual([sellerLink.file_id]);
    const agency = (await send(PERSONA.OWNER, 'GET', '/api/images')).json();
    expect(agency.data.map((i: { id: string }) => i.id)).not.toContain(sellerLink.file_id);
    // A seller of another agency cannot touch it either.
    expect((await send(PERSONA.OTHER_SELLER, 'DELETE', `/api/images/${sellerLink.file_id}`)).statusCode).toBe(404);
  });

  it('is for library users: staff gets 403, designers are allowed', async () => {
    expect((await send(PERSONA.STAFF, 'GET', '/api/images')).statusCode).toBe(403);
    // Staff uploads catalog mockups (it creates catalogs), but has no library; support has neither.
    expect((await presign(PERSONA.SUPPORT)).statusCode).toBe(403);
    expect((await send(PERSONA.DESIGNER, 'GET', '/api/images')).statusCode).toBe(200);
    expect((await send(PERSONA.SELLER_DESIGNER, 'GET', '/api/images')).statusCode).toBe(200);
  });

  it('refuses to add a file that was never uploaded', async () => {
    const link = (await presign(PERSONA.DESIGNER)).json();
    const res = await send(PERSONA.DESIGNER, 'POST', '/api/images/library', { fileId: link.file_id });
    expect(res.statusCode).toBe(400);
  });
});

describe('S3 SigV4 presigning', () => {
  it('matches the AWS documentation example (GET examplebucket/test.txt)', () => {
    const url = presignUrl({
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      expiresInSeconds: 86400,
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});
