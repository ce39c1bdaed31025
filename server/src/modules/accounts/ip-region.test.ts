import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regionOf } from '../../shared/ip-region.js';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  makeUser,
  multipartBody,
  seedReference,
  type TestApp,
} from '../../testing/harness.js';

// IP属地 (issue 38): the address of each login and upload becomes a province or a country; behind a proxy
// the address is the one TRUST_PROXY allows, never what a client wrote into X-Forwarded-For.

describe('the region of an address', () => {
  it('names a province in mainland China, Hong Kong, Macau or Taiwan, else a country, and nothing for a private one', () => {
    expect(regionOf('120.24.78.68')).toBe('广东');
    expect(regionOf('61.135.169.121')).toBe('北京');
    expect(regionOf('223.5.5.5')).toBe('浙江');
    expect(regionOf('203.198.7.66')).toBe('香港');
    expect(regionOf('202.175.3.3')).toBe('澳门');
    expect(regionOf('168.95.1.1')).toBe('台湾');
    expect(regionOf('8.8.8.8')).toBe('美国');
    expect(regionOf('::ffff:120.24.78.68')).toBe('广东');
    expect(regionOf('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toBe('广东');
    for (const none of ['127.0.0.1', '10.0.0.1', 'not an address', `1.${'1'.repeat(100)}`]) expect(regionOf(none)).toBeNull();
  });
});

describe.each(databaseKinds())('IP属地 on %s', (kind) => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp(kind, { TRUST_PROXY: '1' });
    direct = await createTestApp(kind);
  });
  afterAll(async () => {
    await proxied?.close();
    await direct?.close();
  });

  /** A login from `remoteAddress` carrying `forwarded`; the member's page then says where from. */
  async function loginRegion(t: TestApp, remoteAddress: string, forwarded?: string) {
    const u = await makeUser(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      payload: { email: u.email, password: u.password },
    });
    expect(login.statusCode).toBe(200);
    return {
      user: u,
      region: (await t.app.inject({ method: 'GET', url: `/api/v1/users/${u.id}` })).json().ipRegion as string | null,
    };
  }

  it('reads the client address the trusted proxy wrote, and ignores what the client put before it', async () => {
    // nginx (127.0.0.1) appended the client's address (8.8.8.8) to what the client sent (a Chinese address).
    expect((await loginRegion(proxied, '127.0.0.1', '120.24.78.68, 8.8.8.8')).region).toBe('美国');
    expect((await loginRegion(proxied, '127.0.0.1', '203.198.7.66')).region).toBe('香港');
    // Without TRUST_PROXY the header is the client's own word: the connection's address counts.
    expect((await loginRegion(direct, '61.135.169.121', '120.24.78.68')).region).toBe('北京');
    expect((await loginRegion(direct, '10.9.9.9')).region).toBeNull();
  });

  it('keeps the upload’s region with the photo, shown with the photographer, and never the address', async () => {
    const ref = await seedReference(proxied);
    const { user } = await loginRegion(proxied, '127.0.0.1', '1.2.3.4, 168.95.1.1');
    const { payload, headers } = await multipartBody({
      file: asAnotherFile(await makeJpeg({ exif: true }), 7),
      meta: {
        registration: 'B-1234',
        aircraftTypeId: ref.a320.id,
        airportId: ref.pek.id,
        takenOn: '2024-05-01',
        categories: ['airliner'],
        queue: 'normal',
        watermark: null,
      },
    });
    const upload = await proxied.app.inject({
      method: 'POST',
      url: '/api/v1/photos',
      remoteAddress: '127.0.0.1',
      headers: { ...headers, ...bearer(user.token), 'x-forwarded-for': '120.24.78.68, 202.175.3.3' },
      payload,
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json().photo.ipRegion).toBe('澳门');
    const rows = await proxied.database.db.selectFrom('users').selectAll().where('id', '=', user.id).execute();
    const photos = await proxied.database.db.selectFrom('photos').selectAll().where('uploader_id', '=', user.id).execute();
    expect(rows[0]!.ip_region).toBe('台湾');
    for (const address of ['168.95.1.1', '202.175.3.3', '120.24.78.68']) {
      expect(JSON.stringify([rows, photos])).not.toContain(address);
    }
  });
});
