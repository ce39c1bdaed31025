import net from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../../contract/zod.js';
import type { RouteEntry } from '../app.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { JsonNode } from './body-limit.js';
import { makeJpeg } from '../testing/images.js';
import { startServer, type RunningServer } from '../testing/process.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertPhoto,
  makeUser,
  multipartBody,
  type TestApp,
} from '../testing/harness.js';

/**
 * One anonymous request once took the server down: a 70 KB password was counted character by
 * character during validation, before any rate limit. Every string of every request is now capped
 * before any per-character work. Proof: 1 MB in every string field of every route (body, query,
 * path, the upload's meta; nested fields too) — ASCII, Chinese and emoji with joiners, the dearest
 * for a grapheme count — is refused with a Chinese 4xx while the event loop never stalls and the heap
 * stays small. The fields are read from each route's own contract schema, so a new one is covered.
 * Most bodies now stop at their route's size limit, read from the same contract (http/body-limit.ts),
 * before any parsing; the query and path strings, and routes without a bound, reach the schema's caps.
 */
const MB = 1_000_000;
const PAYLOADS = {
  ascii: 'x'.repeat(MB),
  chinese: '航'.repeat(MB / 3),
  emoji: '👩‍✈️'.repeat(MB / 13),
};
const LOOP_DELAY_LIMIT_MS = 100;
const HEAP_LIMIT_MB = 300;

const jsonOf = (schema: unknown): JsonNode | null =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonNode) : null;

/** Every place a string can stand in a schema, as a path (`[]` marks an array element), with its cap. */
function stringPaths(node: JsonNode, at: (string | '[]')[] = []): { path: (string | '[]')[]; maxLength?: number }[] {
  const found: { path: (string | '[]')[]; maxLength?: number }[] = [];
  const types = [node.type].flat();
  if (types.includes('string') || (node.enum ?? []).some((v) => typeof v === 'string') || typeof node.const === 'string') {
    found.push({ path: at, maxLength: node.maxLength ?? (node.enum || node.const !== undefined ? 0 : undefined) });
  }
  for (const [key, child] of Object.entries(node.properties ?? {})) found.push(...stringPaths(child, [...at, key]));
  if (node.items) found.push(...stringPaths(node.items, [...at, '[]']));
  for (const alt of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) found.push(...stringPaths(alt, at));
  return found;
}

/** A body (or query) holding `value` at `path`, nothing else: an object parse still checks every field given. */
function placed(path: (string | '[]')[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (head === '[]') return [placed(rest, value)];
  return { [head!]: placed(rest, value) };
}

/** Sends raw bytes and returns everything the server wrote back before it closed the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

interface HostileRequest {
  label: string;
  method: string;
  url: string;
  /** Built when sent, so a few hundred 1 MB bodies are never held at once. */
  build(): Promise<{ headers: Record<string, string>; payload?: string | Buffer }>;
}

const fieldsOf = (schema: unknown) => {
  const json = jsonOf(schema);
  return json ? stringPaths(json).filter((f) => f.path.length > 0) : [];
};

/** 1 MB in each string field of each route, one field at a time, in each of the three kinds of text. */
async function hostileRequests(routes: RouteEntry[], photoId: number): Promise<HostileRequest[]> {
  const requests: HostileRequest[] = [];
  const url = (route: RouteEntry, replace?: [string, string]) =>
    route.url
      .replace(':id', replace?.[0] === 'id' ? encodeURIComponent(replace[1]) : String(photoId))
      .replace(':registration', replace?.[0] === 'registration' ? encodeURIComponent(replace[1]) : 'B-1234')
      .replace(':hex', replace?.[0] === 'hex' ? encodeURIComponent(replace[1]) : '780a1b')
      .replace(':reg', replace?.[0] === 'reg' ? encodeURIComponent(replace[1]) : 'B-1234');
  const json = { 'content-type': 'application/json' };
  for (const route of routes.filter((r) => !r.url.endsWith('/logout'))) {
    for (const [name, value] of Object.entries(PAYLOADS)) {
      for (const f of fieldsOf(route.body)) {
        requests.push({
          label: `${route.method} ${route.url} body.${f.path.join('.')} (${name})`,
          method: route.method,
          url: url(route),
          build: async () => ({ headers: json, payload: JSON.stringify(placed(f.path, value)) }),
        });
      }
      for (const f of fieldsOf(route.querystring)) {
        requests.push({
          label: `${route.method} ${route.url} query.${f.path.join('.')} (${name})`,
          method: route.method,
          url: `${url(route)}?${new URLSearchParams({ [String(f.path[0])]: value }).toString()}`,
          build: async () => ({ headers: {} }),
        });
      }
      for (const f of fieldsOf(route.params)) {
        requests.push({
          label: `${route.method} ${route.url} params.${f.path.join('.')} (${name})`,
          method: route.method,
          url: url(route, [String(f.path[0]), value]),
          build: async () => (route.body ? { headers: json, payload: '{}' } : { headers: {} }),
        });
      }
    }
  }
  // The upload's facts travel as a multipart field (64 KB at most, the parser's limit), parsed against the
  // contract by the route: each text fact gets all the field can carry, so the schema's caps are what refuse it.
  const jpeg = await makeJpeg({ width: 1600, height: 1067 });
  const fieldSized = '航'.repeat(20_000);
  for (const f of ['registration', 'msn', 'takenOn', 'remark', 'messageToScreener']) {
    requests.push({
      label: `POST /api/v1/photos meta.${f}`,
      method: 'POST',
      url: '/api/v1/photos',
      build: async () => {
        const body = await multipartBody({ file: jpeg, metaRaw: JSON.stringify({ [f]: fieldSized }) });
        return { headers: body.headers, payload: body.payload };
      },
    });
  }
  return requests;
}

describe.each(databaseKinds())('1 MB in every string field on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let photoId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await makeUser(t, 3);
    token = admin.token;
    photoId = await insertPhoto(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('caps every string of every request schema before anything else reads it', () => {
    const uncapped: string[] = [];
    for (const route of t.routes) {
      for (const [part, schema] of Object.entries({ body: route.body, query: route.querystring, params: route.params })) {
        for (const f of fieldsOf(schema)) {
          if (f.maxLength === undefined) uncapped.push(`${route.method} ${route.url} ${part}.${f.path.join('.')}`);
        }
      }
    }
    expect(uncapped).toEqual([]);
  });

  it('refuses 1 MB in each field in Chinese without stalling the event loop', async () => {
    const requests = await hostileRequests(t.routes, photoId);
    expect(requests.length).toBeGreaterThan(300);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    let worst = { ms: 0, delayMs: 0, cpuMs: 0, label: '' };
    loop.enable();
    const measure = async (r: HostileRequest) => {
      const { headers, payload } = await r.build();
      loop.reset();
      const cpuBefore = process.cpuUsage();
      const res = await t.app.inject({
        method: r.method as 'POST',
        url: r.url,
        headers: { ...bearer(token), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, r.label).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, r.label).toBeLessThan(500);
      expectChineseError(res.json());
      // Requests arrive one by one, as from a network: the loop turns between them, so the monitor's
      // timer measures any stretch of work that held it.
      await new Promise((resolve) => setImmediate(resolve));
      const delayMs = loop.max / 1e6;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      // A stall is this request's when the process was working through it: on a busy machine the
      // loop is also delayed while other processes have both cores (seen: 318 ms under a CPU burner).
      return { ms: Math.min(delayMs, cpuMs), delayMs, cpuMs, label: r.label };
    };
    try {
      for (const r of requests) {
        let m = await measure(r);
        // Per-character work on a hostile field stalls every time; a garbage collection that happened to
        // fall in this request's window (seen: 145 ms in CI, 112 ms of CPU twice in a row with the suite
        // in two workers beside a CPU burner) does not come back every time it is sent again.
        for (let attempt = 0; attempt < 3 && m.ms >= LOOP_DELAY_LIMIT_MS; attempt++) {
          const again = await measure(r);
          if (again.ms < m.ms) m = again;
        }
        if (m.ms > worst.ms) worst = m;
      }
    } finally {
      loop.disable();
    }
    if (process.env.LONG_INPUT_REPORT) console.log('worst', worst);
    expect(
      worst.ms,
      `the event loop stalled for ${worst.delayMs.toFixed(1)} ms (${worst.cpuMs.toFixed(1)} ms of CPU) at ${worst.label}`,
    ).toBeLessThan(LOOP_DELAY_LIMIT_MS);
  }, 300_000);

  it('answers an overlong password with 400 at once, on every route that takes a password, and lives on', async () => {
    // 8 KB: past the password's cap, within the route's body limit, so the contract's schema refuses it.
    const callsWith = (password: string): { method: 'POST' | 'PUT'; url: string; payload: object }[] => [
      { method: 'POST', url: '/api/v1/user/register', payload: { username: 'longpass', email: 'long@example.com', password } },
      { method: 'POST', url: '/api/v1/user/password/reset', payload: { token: 'x'.repeat(40), password } },
      { method: 'PUT', url: '/api/v1/user/me', payload: { oldPassword: 'correct-horse-1', newPassword: password } },
      { method: 'POST', url: '/api/v1/user/login', payload: { email: 'long@example.com', password } },
    ];
    const calls = callsWith('p'.repeat(8_000));
    for (const call of calls) {
      // Refused by the contract's schema (the field named), so no handler ran: nothing was hashed.
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect(res.statusCode, call.url).toBe(400);
      const body = res.json<{ message: string; issues?: { path: (string | number)[]; message: string }[] }>();
      expectChineseError(body);
      expect(
        body.issues?.map((i) => i.path.join('.')),
        call.url,
      ).toContain(call.url.endsWith('/me') ? 'newPassword' : 'password');
      // And cheaply: the process's CPU for it, not the wall clock (which a busy machine stretches at will);
      // the least of three, as a garbage collection may fall in any one window.
      const cpuMs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const before = process.cpuUsage();
        await t.app.inject({ ...call, headers: bearer(token) });
        const used = process.cpuUsage(before);
        cpuMs.push((used.user + used.system) / 1000);
      }
      expect(Math.min(...cpuMs), `${call.url} took ${Math.min(...cpuMs).toFixed(1)} ms of CPU`).toBeLessThan(50);
    }
    // 70 KB (the password that once took the server down): past the route's body limit, refused unread.
    for (const call of callsWith('p'.repeat(70_000))) {
      const res = await t.app.inject({ ...call, headers: bearer(token) });
      expect(res.statusCode, call.url).toBe(413);
      expectChineseError(res.json());
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

// The heap bound, kept by V8 itself: the real server process runs with a 300 MB old space, so any
// request that needed more would end it (as a 70 KB password once did at the default limit).
describe('hostile requests to a server process held to a 300 MB heap', () => {
  let server: RunningServer | null = null;
  let routes: RouteEntry[] = [];
  afterAll(async () => {
    await server?.stop();
  });

  it('answers every one with a Chinese 4xx and lives on', async () => {
    server = await startServer(() => ({}), undefined, { nodeArgs: [`--max-old-space-size=${HEAP_LIMIT_MB}`] });
    // The route table and an admin from the same data folder, through the app built in this process.
    const local = await buildApp(loadConfig(server.env), { logger: false });
    let photoId: number;
    try {
      await local.app.ready();
      const admin = await local.services.accounts.createUser({
        email: 'heap@example.com',
        username: 'heapadmin',
        password: 'password-123',
        level: 3,
      });
      photoId = await insertPhoto(local, admin.id);
      routes = local.routes;
    } finally {
      await local.app.close();
    }
    const login = await fetch(`${server.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'heap@example.com', password: 'password-123' }),
    });
    const { token } = (await login.json()) as { token: string };
    // 1 MB in a URL meets Node's 16 KB header limit before the app (checked in-process above and by
    // the 431 below); here the bodies, which reach the app's parsers and schemas.
    for (const r of (await hostileRequests(routes, photoId)).filter((h) => h.url.length < 1000)) {
      const { headers, payload } = await r.build();
      const res = await fetch(`${server.url}${r.url}`, {
        method: r.method,
        headers: { ...bearer(token), ...headers },
        ...(payload === undefined ? {} : { body: typeof payload === 'string' ? payload : new Uint8Array(payload) }),
      });
      expect(res.status, r.label).toBeGreaterThanOrEqual(400);
      expect(res.status, r.label).toBeLessThan(500);
      expectChineseError((await res.json()) as { message: string });
    }
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);

    // Over Node's header limit: refused by the HTTP parser, before Fastify, in Chinese all the same.
    const raw = await rawExchange(server.port, `GET /api/v1/photos?q=${'x'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expectChineseError(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { message: string });

    // Dot segments, as a raw client sends them (fetch would resolve them first): nothing is there.
    for (const target of ['/assets/../index.html', '/api/v1/photos/../user/me', '/../etc/passwd', '/img/../etc/passwd']) {
      const answer = await rawExchange(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer, target).toMatch(/^HTTP\/1\.1 404 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ message: '接口不存在', code: 'NOT_FOUND' });
    }
  }, 180_000);
});
