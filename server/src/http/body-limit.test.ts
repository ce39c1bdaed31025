import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '../../../contract/zod.js';
import { bodyLimitOf, JSON_BODY_LIMIT, type JsonNode } from './body-limit.js';
import { bearer, createTestApp, expectChineseError, insertPhoto, makeUser, type TestApp } from '../testing/harness.js';

/** The longest valid-sized value of a schema: every text at its cap in Chinese, every list full, every field given. */
function fullest(node: JsonNode): unknown {
  const alternatives = [...(node.anyOf ?? []), ...(node.oneOf ?? [])];
  if (alternatives.length > 0) {
    const values = alternatives.map(fullest);
    return values.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
  }
  if (node.enum) return node.enum.reduce((a, b) => (JSON.stringify(b).length > JSON.stringify(a).length ? b : a));
  if (node.const !== undefined) return node.const;
  const type = [node.type].flat()[0];
  if (type === 'string') return '航'.repeat(node.maxLength ?? 0);
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: node.maxItems ?? 0 }, () => fullest(node.items ?? {}));
  if (type === 'object') return Object.fromEntries(Object.entries(node.properties ?? {}).map(([k, v]) => [k, fullest(v)]));
  return null;
}

/** As a client that escapes every non-ASCII character and pretty-prints sends it (Python's json.dumps, indent=2). */
const escapedPretty = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('JSON body limits read from the contract', () => {
  let t: TestApp;
  let token: string;
  let photoId: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const admin = await makeUser(t, 3);
    token = admin.token;
    photoId = await insertPhoto(t, admin.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = (route: { url: string }) => route.url.replace(':id', String(photoId)).replace(':registration', 'B-1234');

  it('takes the fullest body each route allows, escaped and pretty-printed, without a 413', async () => {
    const routes = t.routes.filter((r) => r.body instanceof z.ZodType);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const json = z.toJSONSchema(route.body as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonNode;
      const payload = escapedPretty(fullest(json));
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: url(route),
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
      // Whatever the route thinks of the content (a pattern, a missing row), the size is not what refuses it.
      expect(res.statusCode, `${route.method} ${route.url} (${payload.length} bytes)`).not.toBe(413);
    }
  });

  it('refuses a body past its route limit with 413 in Chinese, before parsing it', async () => {
    const login = t.routes.find((r) => r.url === '/api/v1/user/login')!;
    const limit = bodyLimitOf(login.body);
    expect(limit).toBeLessThan(JSON_BODY_LIMIT);
    // Not even JSON: a parser that read it would answer 400, the size check answers first.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{'.repeat(limit + 1),
    });
    expect(res.statusCode).toBe(413);
    expectChineseError(res.json());
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('keeps the server-wide limit where the contract sets no bound', () => {
    expect(bodyLimitOf(z.object({ tags: z.array(z.string().max(10)) }))).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitOf(z.object({ note: z.string() }))).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitOf(z.object({ note: z.string().max(100_000) }))).toBe(JSON_BODY_LIMIT);
    expect(bodyLimitOf(z.object({ tags: z.array(z.string().max(10)).max(3) }))).toBe(16 * 1024);
  });
});
