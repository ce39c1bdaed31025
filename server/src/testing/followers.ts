import { registrationKey } from '../../../contract/photos.js';
import { toJson } from '../db/json.js';
import type { TestApp } from './harness.js';

/**
 * `count` members made straight in the database (no password hashing: thousands in a second), each
 * following a registration (B-30EE unless said) with `mail`, named `<prefix><n>` (the fan-out bench, the
 * mail delivery test, the fan-out's two-process test).
 */
export async function seedFollowers(
  t: Pick<TestApp, 'database'>,
  count: number,
  opts: { mail?: 'off' | 'instant'; registration?: string; prefix?: string } = {},
): Promise<void> {
  const { mail = 'off', registration = 'B-30EE', prefix = 'fan' } = opts;
  const now = Date.now();
  for (let i = 0; i < count; i += 1_000) {
    const users = await t.database.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1_000, count - i) }, (_, j) => ({
          email: `${prefix}${i + j}@example.com`,
          username: `${prefix}${i + j}`,
          username_key: `${prefix}${i + j}`,
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
          target: registrationKey(registration),
          label: registration,
          mail,
          muted: 0,
          created_at: now,
        })),
      )
      .execute();
  }
}
