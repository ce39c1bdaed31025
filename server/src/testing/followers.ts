import { toJson } from '../db/json.js';
import type { TestApp } from './harness.js';

/**
 * `count` members made straight in the database (no password hashing: thousands in a second), each
 * following registration B-30EE with `mail` (the fan-out bench and the mail delivery test).
 */
export async function seedFollowers(t: TestApp, count: number, mail: 'off' | 'instant' = 'off'): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < count; i += 1_000) {
    const users = await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1_000, count - i) }, (_, j) => ({
          email: `fan${i + j}@example.com`,
          username: `fan${i + j}`,
          username_key: `fan${i + j}`,
          password_hash: 'x',
          level: 0,
          status: 'active' as const,
          suspended_until: null,
          suspension_reason: null,
          settings: toJson({}),
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await t.database.db
      .insertInto('follows')
      .values(
        users.map((u) => ({
          user_id: u.id,
          kind: 'registration',
          target: 'B30EE',
          label: 'B-30EE',
          mail,
          muted: 0,
          created_at: now,
        })),
      )
      .execute();
  }
}
