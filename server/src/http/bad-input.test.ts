import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../../contract/zod.js';
import type { RouteEntry } from '../app.js';
import {
  bearer,
  createTestApp,
  databaseKinds,
  expectChineseError,
  insertPhoto,
  makeUser,
  type TestApp,
} from '../testing/harness.js';

/**
 * Property: whatever a client sends to a JSON endpoint — wrong types, huge numbers, long strings,
 * NUL, bidirectional overrides, SQL, HTML, unknown fields — the server never answers 500, every
 * refusal carries a Chinese message, and a refused request changes nothing in the database.
 * Fields are taken from each route's own contract schema, so a new field is covered at once.
 */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'B-1234\u0000',
    '\u202Egnp.exe',
    'abc\u2066def',
    "' OR 1=1 --",
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '../../etc/passwd',
    '%00%2e%2e',
    '2024-02-30',
    '9999-99-99',
    'x'.repeat(20_000),
    '航'.repeat(5_000),
    '',
    ' ',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -1, 0, 2_147_483_648, 3.5, -0),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
);
const hostileId = fc.constantFrom('-1', '0', '1e309', '99999999999999', 'abc', '1%20OR%201%3D1', '%00', '1.5', '２');

interface JsonField {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonField;
  anyOf?: JsonField[];
}

function fieldsOf(schema: unknown): Record<string, JsonField> {
  if (!(schema instanceof z.ZodType)) return {};
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, JsonField> };
  return json.properties ?? {};
}

// Plausible strings get a forbidden character spliced in half the time, so the hostile part reaches
// past the type checks into the handlers and the database.
const plausible = fc.constantFrom(
  'B-1234',
  'spotter@example.com',
  'password-123',
  '2024-05-01',
  'ZBAA',
  'PEK',
  'CA',
  '首都机场',
  'x',
);
const spliced = fc
  .tuple(plausible, fc.constantFrom('\u0000', '\u202E', '\u2066', "'--", '<b>'), fc.nat())
  .map(([base, bad, at]) => base.slice(0, at % (base.length + 1)) + bad + base.slice(at % (base.length + 1)));

/** Mostly the field's own type with a hostile payload, sometimes a value of the wrong type. */
function valueFor(field: JsonField): fc.Arbitrary<unknown> {
  const options = field.anyOf ?? [field];
  const typed = options.map((f): fc.Arbitrary<unknown> => {
    if (f.enum) return fc.constantFrom(...f.enum);
    const type = [f.type].flat()[0];
    if (type === 'string') return fc.oneof(plausible, spliced, hostileString);
    if (type === 'integer' || type === 'number')
      return fc.oneof(fc.integer({ min: 0, max: 50 }), fc.constantFrom(1e308, -1, 2_147_483_648, 3.5));
    if (type === 'boolean') return fc.boolean();
    if (type === 'array') return fc.array(f.items ? valueFor(f.items) : hostileValue, { maxLength: 8 });
    return hostileValue;
  });
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...typed) }, { weight: 1, arbitrary: hostileValue });
}

function bodiesFor(route: RouteEntry): fc.Arbitrary<unknown> {
  const fields = fieldsOf(route.body);
  const shaped = fc.record(
    { ...Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, valueFor(f)])), extra: hostileValue },
    { requiredKeys: [] },
  );
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

function queriesFor(route: RouteEntry): fc.Arbitrary<string> {
  const fields = Object.keys(fieldsOf(route.querystring));
  return fc
    .dictionary(fc.constantFrom(...fields, 'extra'), fc.oneof(plausible, spliced, hostileString, fc.integer().map(String)), {
      maxKeys: fields.length + 1,
    })
    .map((q) => new URLSearchParams(q).toString());
}

describe.each(databaseKinds())('hostile input on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof makeUser>>;
  let photoId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await makeUser(t, 3);
    photoId = await insertPhoto(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What a refused request must leave as it was: every table but counters and sessions. */
  async function fingerprint(): Promise<string> {
    const tables = [
      'users',
      'photos',
      'screening_events',
      'screening_locks',
      'appeals',
      'notifications',
      'airports',
      'airlines',
      'aircraft_types',
      'audit_log',
      'outbox',
      'password_resets',
      'site_settings',
    ];
    const counts = await Promise.all(
      tables.map(async (table) => {
        const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db);
        return `${table}=${Number(row.rows[0]!.n)}`;
      }),
    );
    const users = await t.database.db
      .selectFrom('users')
      .select(['id', 'username', 'level', 'status', 'password_hash', 'settings'])
      .orderBy('id')
      .execute();
    const photos = await t.database.db
      .selectFrom('photos')
      .select(['id', 'state', 'registration', 'updated_at'])
      .orderBy('id')
      .execute();
    const settings = await t.database.db.selectFrom('site_settings').selectAll().orderBy('key').execute();
    return JSON.stringify({ counts, users, photos, settings });
  }

  async function check(method: string, url: string, payload: unknown) {
    const before = await fingerprint();
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...bearer(admin.token), 'content-type': 'application/json' },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: JSON.stringify(payload) ?? 'null' }),
    });
    // 501 NOT_IMPLEMENTED is an answer, not a fault: oEmbed in a format other than JSON, as its spec asks.
    const answered = res.statusCode < 500 || (res.statusCode === 501 && res.json<{ code: string }>().code === 'NOT_IMPLEMENTED');
    expect(answered, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 200)} answered ${res.statusCode}`).toBe(true);
    if (res.statusCode >= 400) {
      expectChineseError(res.json());
      expect(await fingerprint(), `${method} ${url} changed the database while refused`).toBe(before);
    }
  }

  it('refuses a field no write endpoint knows, naming it, at every depth of every body', async () => {
    const open: string[] = [];
    const walk = (node: Record<string, unknown>, at: string) => {
      if (node.type === 'object' && node.additionalProperties !== false) open.push(at);
      for (const [key, child] of Object.entries((node.properties as Record<string, Record<string, unknown>>) ?? {}))
        walk(child, `${at}.${key}`);
      for (const alt of [...((node.anyOf as []) ?? []), ...((node.allOf as []) ?? [])]) walk(alt, at);
    };
    const bodies = t.routes.filter((r) => r.body instanceof z.ZodType);
    for (const route of bodies) {
      walk(
        z.toJSONSchema(route.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>,
        `${route.method} ${route.url}`,
      );
    }
    expect(open).toEqual([]);
    for (const route of bodies.filter((r) => r.method !== 'DELETE' && !r.url.endsWith('/logout'))) {
      const url = route.url.replace(':id', String(photoId));
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: bearer(admin.token),
        payload: { zzUnknown: 1 },
      });
      expect(res.statusCode, url).toBe(400);
      const messages = [res.json().message, ...(res.json().issues ?? []).map((i: { message: string }) => i.message)];
      expect(messages, url).toContain('无法识别的字段：zzUnknown');
    }
  });

  it('never answers 500, always in Chinese, and changes nothing when it refuses', async () => {
    // Logging out would end the session the property runs with; uploads are multipart, fuzzed apart.
    const routes = t.routes.filter(
      (r) => !r.url.endsWith('/logout') && r.url !== '/api/v1/photos' && (r.body || r.querystring || /:(hex|reg)$/.test(r.url)),
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
    for (const route of routes) {
      const path = (id: string) =>
        route.url.replace(':id', id).replace(':registration', 'B-1234').replace(':hex', '780a1b').replace(':reg', 'B-1234');
      if (route.body) {
        await fc.assert(
          fc.asyncProperty(bodiesFor(route), async (body) => check(route.method, path(String(photoId)), body)),
          { numRuns: 120 },
        );
      }
      if (route.querystring) {
        await fc.assert(
          fc.asyncProperty(queriesFor(route), async (query) =>
            check(route.method, `${path(String(photoId))}?${query}`, undefined),
          ),
          { numRuns: 120 },
        );
      }
      // A tracker's path: any text as the address or the registration.
      for (const param of [':hex', ':reg'].filter((p) => route.url.includes(p))) {
        await fc.assert(
          fc.asyncProperty(hostileString, async (v) =>
            check(route.method, route.url.replace(param, encodeURIComponent(v.slice(0, 2000)) || '%20'), undefined),
          ),
          { numRuns: 60 },
        );
      }
      if (route.url.includes(':id')) {
        await fc.assert(
          fc.asyncProperty(hostileId, async (id) => check(route.method, path(id), route.body ? {} : undefined)),
          { numRuns: 20 },
        );
      }
    }
  }, 300_000);
});
