import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, buildServices, type AppParts } from '../app.js';
import { ManualClock } from '../clock.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import type { Mail } from '../mail/outbox.js';
import type { MailTransport } from '../mail/transport.js';
import type { SmsMessage } from '../sms/transport.js';
import type { RunningServer } from './process.js';
import { startS3 } from './s3.js';

export type DbKind = 'sqlite' | 'postgres';

/**
 * The databases the API suites run on: SQLite always; PostgreSQL when TEST_DATABASE_URL points at a
 * server (an admin connection able to CREATE DATABASE). In CI the PostgreSQL run is required.
 */
export function databaseKinds(): DbKind[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI === 'true') throw new Error('CI=true needs TEST_DATABASE_URL: the PostgreSQL suite is required');
  return ['sqlite'];
}

export interface TestApp extends AppParts {
  clock: ManualClock;
  config: Config;
  sent: Mail[];
  /** The SMS the app sent (instead of SMS_PROVIDER's). */
  smsSent: SmsMessage[];
  close(): Promise<void>;
}

export async function freshPostgresUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `contrail_t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  storage: 'fs' | 's3' = 'fs',
  /** A real transport (SMTP) instead of the list `sent`. */
  mail?: MailTransport,
): Promise<TestApp> {
  const s3 = storage === 's3' ? await startS3() : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-test-'));
  const pgDb = kind === 'postgres' ? await freshPostgresUrl() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(s3?.env ?? {}),
    ...env,
  });
  const clock = new ManualClock(Date.now());
  const sent: Mail[] = [];
  const smsSent: SmsMessage[] = [];
  const parts = await buildApp(config, {
    clock,
    database: openDatabase(config),
    mail: mail ?? { send: async (m) => void sent.push(m) },
    sms: { send: async (m) => void smsSent.push(m) },
    logger: false,
  });
  await parts.app.ready();
  return {
    ...parts,
    clock,
    config,
    sent,
    smsSent,
    close: async () => {
      await parts.app.close();
      await pgDb?.drop();
      await s3?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A member (or higher) made through the service, with a logged-in token. */
export async function makeUser(t: TestApp, level = 0, password = 'correct-horse-1') {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const email = `user${tag}@example.com`;
  const user = await t.services.accounts.createUser({ email, username: `u${tag}`, password, level });
  const session = await t.services.sessions.login(email, password, '10.0.0.1');
  return { id: user.id, email, password, username: user.username, token: session.token };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Storage back-ends the photo suites run on: both, always (s3rver needs nothing installed). */
export const storageKinds = ['fs', 's3'] as const;

/** The id of an available entry of the imported reference data, by its ICAO code. */
export async function curatedId(t: Pick<TestApp, 'database'>, table: 'airports' | 'airlines' | 'aircraft_types', icao: string) {
  const row = await t.database.db
    .selectFrom(table)
    .select('id')
    .where('icao', '=', icao)
    .where('status', '=', 'available')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A small set of reference data, added by a screener so it is available at once. */
export async function seedReference(t: TestApp) {
  const screener = { id: (await makeUser(t, 1)).id, username: 's', level: 1, sessionId: 0 };
  const r = t.services.reference;
  const pek = (
    await r.add('airports', screener, {
      icao: 'ZBAA',
      iata: 'PEK',
      nameZh: '北京首都国际机场',
      nameEn: 'Beijing Capital International Airport',
      city: 'Beijing',
      country: 'China',
    })
  ).item;
  const pvg = (
    await r.add('airports', screener, {
      icao: 'ZSPD',
      iata: 'PVG',
      nameZh: '上海浦东国际机场',
      nameEn: 'Shanghai Pudong International Airport',
      city: 'Shanghai',
      country: 'China',
    })
  ).item;
  const cca = (
    await r.add('airlines', screener, { icao: 'CCA', iata: 'CA', nameZh: '中国国际航空', nameEn: 'Air China', country: 'China' })
  ).item;
  const a320 = (
    await r.add('aircraft_types', screener, { icao: 'A320', manufacturerEn: 'Airbus', manufacturerZh: '空客', typeName: 'A320' })
  ).item;
  const b738 = (
    await r.add('aircraft_types', screener, {
      icao: 'B738',
      manufacturerEn: 'Boeing',
      manufacturerZh: '波音',
      typeName: '737',
      variant: '-800',
    })
  ).item;
  return { pek, pvg, cca, a320, b738 };
}

/** Encodes a multipart/form-data body the way a browser would (via the platform's FormData). */
export async function multipartBody(parts: { file?: Buffer; filename?: string; meta?: unknown; metaRaw?: string }) {
  const form = new FormData();
  if (parts.file)
    form.append('file', new Blob([new Uint8Array(parts.file)], { type: 'image/jpeg' }), parts.filename ?? 'photo.jpg');
  if (parts.metaRaw !== undefined) form.append('meta', parts.metaRaw);
  else if (parts.meta !== undefined) form.append('meta', JSON.stringify(parts.meta));
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

/**
 * A refusal a person can read: the message and every issue message are Chinese, with none of the
 * validation library's English ("Invalid input", "expected string").
 */
export function expectChineseError(body: { message: string; issues?: { message: string }[] }) {
  const texts = [body.message, ...(body.issues ?? []).map((i) => i.message)];
  for (const text of texts) {
    if (!/[\u4e00-\u9fff]/.test(text) || /\b(invalid|expected|received|required|too (big|small)|must)\b/i.test(text)) {
      throw new Error(`not a Chinese message: ${JSON.stringify(text)}`);
    }
  }
}

/** A refusal with this status and a Chinese message (an injected answer). */
export function expectRefused(res: { statusCode: number; json: () => { message: string } }, status: number) {
  if (res.statusCode !== status) throw new Error(`expected ${status}, got ${res.statusCode}: ${JSON.stringify(res.json())}`);
  expectChineseError(res.json());
}

export { acceptPhoto, insertAccepted, insertPhoto, runInlineJobs, WITH_RENDITIONS } from './photos.js';

/**
 * A member of a running server process, made through the database it uses, with a session token and
 * an aircraft type (from the reference data the server imported at its first start) to upload with.
 */
export async function memberOnServer(server: RunningServer, email: string): Promise<{ token: string; typeId: number }> {
  const { services, database } = await buildServices(loadConfig(server.env));
  try {
    await services.accounts.createUser({ email, username: email.split('@')[0]!, password: 'password-123', level: 0 });
    const token = (await services.sessions.login(email, 'password-123', '127.0.0.1')).token;
    const typeId = (await services.reference.search('aircraft_types', { q: 'A320', limit: 1 }, null)).items[0]!.id;
    return { token, typeId };
  } finally {
    await database.destroy();
  }
}

/** The facts of a test upload taken in flight (so no airport is needed), for the process tests. */
export const inFlightMeta = (typeId: number, registration: string) => ({
  registration,
  aircraftTypeId: typeId,
  inFlight: true,
  takenOn: '2024-05-01',
  categories: ['airliner'],
  queue: 'normal',
  watermark: null,
});
