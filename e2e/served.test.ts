import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, startServer, type RunningServer } from './harness.js';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with exactly these headers: Node's fetch would add its own Accept-Encoding and decode. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decoded = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

// The built app as a browser gets it: hashed files compressed at build time, API answers per request.
describe.skipIf(!browserAvailable())('served headers of the built app', () => {
  let server: RunningServer;
  let assets: string[];
  beforeAll(async () => {
    server = await startServer();
    const html = (await get(`${server.url}/`)).body.toString();
    assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sends hashed JS and CSS as brotli or gzip, cached for a year and varying by Accept-Encoding', async () => {
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    let compressed = 0;
    for (const asset of assets) {
      const plain = await get(`${server.url}${asset}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Under 1 KB a compressed copy saves less than its headers: the build makes none.
      if (plain.body.length < 1024) continue;
      compressed += 1;
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
      ] as const) {
        const r = await get(`${server.url}${asset}`, { 'accept-encoding': accept });
        expect(r.status, asset).toBe(200);
        expect(r.headers['content-encoding'], `${asset} for ${accept}`).toBe(encoding);
        expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(r.headers.vary?.toLowerCase()).toContain('accept-encoding');
        expect(r.headers['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
        expect(r.body.length).toBeLessThan(plain.body.length);
        expect(decoded(r).equals(plain.body)).toBe(true);
      }
    }
    expect(compressed).toBeGreaterThanOrEqual(2);
  });

  it('compresses an API list answer above 1 KB, and leaves small answers alone', async () => {
    const url = `${server.url}/api/v1/airports?q=international&limit=40`;
    const plain = await get(url);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary?.toLowerCase()).toContain('accept-encoding');
    for (const encoding of ['br', 'gzip']) {
      const r = await get(url, { 'accept-encoding': encoding });
      expect(r.headers['content-encoding']).toBe(encoding);
      expect(r.headers['content-type']).toMatch(/application\/json/);
      expect(r.headers.vary?.toLowerCase()).toContain('accept-encoding');
      expect(r.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(r).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    const small = await get(`${server.url}/api/v1/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
