import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../testing/harness.js';

/**
 * Who may call each route (PRODUCT.md §1, §6.2): `public`, or the level it needs; `anyone` for the
 * health checks, which never look at the caller (a suspended account's token included). One row per
 * route of the API; a route added without a row here fails the first test below. `suspended too`: public,
 * and a suspended account's token is let through (the suspension appeal names its caller itself).
 */
const ACCESS: Record<string, 'anyone' | 'public' | 'suspended too' | 0 | 1 | 2 | 3> = {
  'POST /api/v1/user/login': 'public',
  'POST /api/v1/user/register': 'public',
  'POST /api/v1/user/logout': 0,
  'GET /api/v1/user/me': 0,
  'PUT /api/v1/user/me': 0,
  'DELETE /api/v1/user/me': 0,
  'POST /api/v1/user/password/forgot': 'public',
  'POST /api/v1/user/password/reset': 'public',
  'GET /api/v1/site/status': 'public',
  'PUT /api/v1/admin/site': 3,
  'GET /api/v1/site/contact': 'public',
  'PUT /api/v1/admin/site/contact': 3,
  'GET /api/v1/site/filings': 'public',
  'PUT /api/v1/admin/site/filings': 3,
  'GET /api/v1/health': 'anyone',
  'GET /api/v1/ready': 'anyone',
  'GET /api/v1/airports': 'public',
  'GET /api/v1/airlines': 'public',
  'GET /api/v1/aircraft-types': 'public',
  'GET /api/v1/airports/:id': 'public',
  'GET /api/v1/airlines/:id': 'public',
  'GET /api/v1/aircraft-types/:id': 'public',
  'POST /api/v1/airports': 0,
  'POST /api/v1/airlines': 0,
  'POST /api/v1/aircraft-types': 0,
  'POST /api/v1/photos': 0,
  'GET /api/v1/photos/duplicates': 0,
  'GET /api/v1/photos/:id': 'public',
  'PUT /api/v1/photos/:id': 0,
  'DELETE /api/v1/photos/:id': 0,
  'POST /api/v1/photos/:id/withdraw': 0,
  'GET /api/v1/photos/:id/original': 'public',
  'POST /api/v1/photos/:id/appeal': 0,
  'GET /api/v1/registrations/:registration': 'public',
  'GET /api/v1/queue/upload': 0,
  'GET /api/v1/queue/reject': 0,
  'GET /api/v1/screening/queue': 1,
  'POST /api/v1/screening/next': 1,
  'GET /api/v1/screening/stats': 1,
  'GET /api/v1/screening/photos/:id': 1,
  'POST /api/v1/screening/photos/:id/lock': 1,
  'PUT /api/v1/screening/photos/:id/lock': 1,
  'DELETE /api/v1/screening/photos/:id/lock': 1,
  'POST /api/v1/screening/photos/:id/decision': 1,
  'POST /api/v1/screening/photos/:id/undo': 1,
  'POST /api/v1/screening/photos/:id/revoke': 2,
  'GET /api/v1/notifications': 0,
  'GET /api/v1/follows': 0,
  'POST /api/v1/follows': 0,
  'PUT /api/v1/follows/:id': 0,
  'DELETE /api/v1/follows/:id': 0,
  'GET /api/v1/following': 0,
  'GET /api/v1/public/photos': 'public',
  'GET /api/v1/public/photos/hex/:hex': 'public',
  'GET /api/v1/public/photos/reg/:reg': 'public',
  'GET /api/v1/oembed': 'public',
  'GET /api/v1/feeds/photos': 'public',
  'OPTIONS /api/v1/public/photos': 'public',
  'OPTIONS /api/v1/public/photos/hex/:hex': 'public',
  'OPTIONS /api/v1/public/photos/reg/:reg': 'public',
  'OPTIONS /api/v1/oembed': 'public',
  'OPTIONS /api/v1/feeds/photos': 'public',
  'OPTIONS /api/v1/feeds/collections/:id': 'public',
  'POST /api/v1/notifications/read': 0,
  'POST /api/v1/messages/appeal': 'suspended too',
  'GET /api/v1/openapi.json': 'public',
  'GET /api/v1/photos': 'public',
  'GET /api/v1/users/:id': 'public',
  'GET /api/v1/users/:id/photos': 'public',
  'GET /api/v1/photos/:id/related': 'public',
  'GET /api/v1/airframes': 'public',
  'GET /api/v1/airframes/resolve': 'public',
  'GET /api/v1/airframes/unlinked': 1,
  'GET /api/v1/airframes/:id': 'public',
  'GET /api/v1/airlines/:id/fleet': 'public',
  'POST /api/v1/admin/fleet-import': 3,
  'GET /api/v1/aircraft-types/:id/fleet': 'public',
  'PUT /api/v1/airframes/:id': 1,
  'POST /api/v1/airframes/:id/merge': 1,
  'POST /api/v1/airframes/:id/split': 1,
  'POST /api/v1/airframes/:id/photos': 1,
  'PUT /api/v1/airframes/:id/periods': 1,
  'GET /api/v1/liveries': 'public',
  'POST /api/v1/liveries': 1,
  'GET /api/v1/liveries/:id': 'public',
  'POST /api/v1/photos/:id/view': 'public',
  'PUT /api/v1/photos/:id/like': 0,
  'DELETE /api/v1/photos/:id/like': 0,
  'GET /api/v1/site/stats': 'public',
  'GET /api/v1/messages': 0,
  'POST /api/v1/messages': 0,
  'POST /api/v1/messages/read': 0,
  'POST /api/v1/reports': 0,
  'POST /api/v1/sightings': 0,
  'PUT /api/v1/sightings/:id': 0,
  'DELETE /api/v1/sightings/:id': 0,
  'POST /api/v1/sightings/import': 0,
  'GET /api/v1/user/me/sightings.csv': 0,
  'GET /api/v1/users/:id/sightings': 'public',
  'GET /api/v1/photos/trending': 'public',
  'GET /api/v1/users/:id/statistics': 'public',
  'GET /api/v1/rankings/:month': 'public',
  'GET /api/v1/users/:id/sightings/summary': 'public',
  'GET /api/v1/users/:id/collections': 'public',
  'GET /api/v1/collections/:id': 'public',
  'POST /api/v1/collections': 0,
  'PUT /api/v1/collections/:id': 0,
  'DELETE /api/v1/collections/:id': 0,
  'PUT /api/v1/collections/:id/photos/:photoId': 0,
  'DELETE /api/v1/collections/:id/photos/:photoId': 0,
  'GET /api/v1/feeds/collections/:id': 'public',
  'GET /api/v1/user/me/phone': 0,
  'POST /api/v1/user/me/phone/code': 0,
  'POST /api/v1/user/me/phone/verify': 0,
  'DELETE /api/v1/user/me/phone': 0,
  'POST /api/v1/admin/users/:id/phone': 3,
  'GET /api/v1/site/verification': 'public',
  'PUT /api/v1/admin/site/verification': 3,
  'GET /api/v1/manage/reports': 1,
  'POST /api/v1/manage/reports/:id/resolve': 1,
  'PUT /api/v1/airports/:id': 1,
  'DELETE /api/v1/airports/:id': 1,
  'POST /api/v1/airports/:id/merge': 1,
  'POST /api/v1/airports/:id/approve': 1,
  'POST /api/v1/airports/:id/reject': 1,
  'PUT /api/v1/airlines/:id': 1,
  'DELETE /api/v1/airlines/:id': 1,
  'POST /api/v1/airlines/:id/merge': 1,
  'POST /api/v1/airlines/:id/approve': 1,
  'POST /api/v1/airlines/:id/reject': 1,
  'PUT /api/v1/aircraft-types/:id': 1,
  'DELETE /api/v1/aircraft-types/:id': 1,
  'POST /api/v1/aircraft-types/:id/merge': 1,
  'POST /api/v1/aircraft-types/:id/approve': 1,
  'POST /api/v1/aircraft-types/:id/reject': 1,
  'GET /api/v1/reference/pending': 1,
  'GET /api/v1/reference/countries': 'public',
  'GET /api/v1/votes': 1,
  'POST /api/v1/votes': 1,
  'POST /api/v1/votes/:id/ballot': 1,
  'DELETE /api/v1/votes/:id': 2,
  'GET /api/v1/potw': 'public',
  'GET /api/v1/potw/current': 'public',
  'GET /api/v1/potw/upcoming': 2,
  'POST /api/v1/potw': 2,
  'DELETE /api/v1/potw/:week': 2,
  'GET /api/v1/admin/users': 3,
  'GET /api/v1/admin/users/:id': 3,
  'PUT /api/v1/admin/users/:id': 3,
  'POST /api/v1/admin/users/:id/sessions/revoke': 3,
  'GET /api/v1/manage/summary': 1,
  'GET /api/v1/manage/jobs': 3,
  'POST /api/v1/manage/jobs/:id/retry': 3,
  'GET /api/v1/notams/current': 'public',
  'GET /api/v1/notams': 3,
  'POST /api/v1/notams': 3,
  'PUT /api/v1/notams/:id': 3,
  'DELETE /api/v1/notams/:id': 3,
};

const CALLERS = ['visitor', 'member', 'suspended', 'screener', 'senior', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
const LEVEL: Record<Caller, number> = { visitor: -1, member: 0, suspended: 0, screener: 1, senior: 2, admin: 3 };

/** The status class a caller must meet: refused with 401 or 403, or let through to the route. */
function expected(access: 'anyone' | 'public' | 'suspended too' | number, caller: Caller): 401 | 403 | 'through' {
  if (access === 'anyone' || access === 'suspended too') return 'through';
  // A suspended account's token is refused everywhere but the health checks, public routes included (§4.6).
  if (caller === 'suspended') return 403;
  if (access === 'public') return 'through';
  if (caller === 'visitor') return 401;
  return LEVEL[caller] >= access ? 'through' : 403;
}

describe.each(databaseKinds())('authorization matrix on %s', (kind) => {
  let t: TestApp;
  const tokens: Partial<Record<Caller, string>> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const caller of CALLERS) {
      if (caller === 'visitor') continue;
      const u = await makeUser(t, Math.max(0, LEVEL[caller]));
      tokens[caller] = u.token;
      if (caller === 'suspended') await t.services.accountsAdmin.suspend(u.id, '测试', null, null);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a row for every route of the API, and no row for a route that is gone', () => {
    const registered = t.routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(registered).toEqual(Object.keys(ACCESS).sort());
  });

  it('answers every route × caller as the table says, and never 500', async () => {
    const seen: string[] = [];
    // Logging out ends the caller's session: last, so the other rows still use live tokens.
    const rows = Object.entries(ACCESS).sort(([a], [b]) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    for (const [route, access] of rows) {
      const [method, pattern] = route.split(' ') as [string, string];
      const url = pattern.replace(':id', '2000000000').replace(':registration', 'B-1234').replace(':week', '2026-11-30');
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: caller === 'visitor' ? {} : bearer(tokens[caller]!),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(access, caller);
        const got =
          want === 'through' ? (res.statusCode === 401 || res.statusCode === 403 ? res.statusCode : 'through') : res.statusCode;
        seen.push(`${route} as ${caller}: ${got}`);
        expect(`${route} as ${caller}: ${got}`).toBe(`${route} as ${caller}: ${want}`);
        expect(res.statusCode, `${route} as ${caller}`).toBeLessThan(500);
        if (want === 403 && caller === 'suspended') expect(res.json().code).toBe('ACCOUNT_SUSPENDED');
      }
    }
    expect(seen).toHaveLength(Object.keys(ACCESS).length * CALLERS.length);
  });
});
