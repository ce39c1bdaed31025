import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, makeUser, type TestApp } from '../../testing/harness.js';

type User = Awaited<ReturnType<typeof makeUser>>;

// Issue 34, item 12: IATA and ICAO codes pass to other airlines once theirs stops flying. A member's
// airline whose code a ceased airline had was refused, and the suggestion dialog offered only the
// ceased one.
describe.each(databaseKinds())('airline codes of ceased airlines on %s', (kind) => {
  let t: TestApp;
  let member: User;
  let screener: User;
  beforeAll(async () => {
    t = await createTestApp(kind);
    member = await makeUser(t);
    screener = await makeUser(t, 1);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: User, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user.token), ...(payload ? { payload } : {}) });

  /** An available airline, flying or not (a ceased one ranks last, as the import writes it). */
  const airline = async (icao: string, iata: string, nameEn: string, active: boolean) => {
    const id = (await call('POST', '/airlines', screener, { icao, iata, nameEn })).json().item.id as number;
    await t.database.db
      .updateTable('airlines')
      .set({ active: active ? 1 : 0, prominence: active ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    return id;
  };

  it('lets a member suggest an airline with the codes of one that stopped flying, and approves it', async () => {
    await airline('Q9K', 'Q9', 'Ceased Air', false);
    const suggested = await call('POST', '/airlines', member, { icao: 'Q9K', iata: 'Q9', nameEn: 'New Q9 Airways' });
    expect(suggested.statusCode).toBe(200);
    expect(suggested.json().item).toMatchObject({ iata: 'Q9', icao: 'Q9K', status: 'pending' });
    const approved = await call('POST', `/airlines/${suggested.json().item.id as number}/approve`, screener);
    expect(approved.statusCode).toBe(200);
    // Both are found by the code; the flying one first.
    const found = (await call('GET', '/airlines?q=Q9', member)).json().items as { nameEn: string }[];
    expect(found.map((a) => a.nameEn)).toEqual(['New Q9 Airways', 'Ceased Air']);
  });

  it('refuses the code of an airline still flying, on its field, in words', async () => {
    await airline('Q7F', 'Q7', 'Flying Air', true);
    const refused = await call('POST', '/airlines', member, { iata: 'Q7', nameEn: 'Another Q7' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().issues).toEqual([{ path: ['iata'], message: '已存在相同代码的航空公司' }]);
  });
});
