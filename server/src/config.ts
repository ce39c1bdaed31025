import type { SmsConfig } from './sms/transport.js';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from '../../contract/zod.js';

// The only reader of process.env (STYLE.md). Every variable is optional; a bad value stops start-up
// with a list of what is wrong rather than failing later inside a request.
const hostUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+(\/.*)?$/.test(v), '需为 http(s):// 开头的地址或留空')
  .transform((v) => v.replace(/\/+$/, ''));

export type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const MAX_HOPS = 10;
// proxy-addr's names for the loopback, link-local and private ranges (IPv4 and IPv6).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_TRUE =
  '不再接受 true：它让客户端自己写进 X-Forwarded-For 的地址算数，换个地址就能绕过按地址的限制。请写客户端与本进程之间的代理层数' +
  '（只有 nginx 时写 TRUST_PROXY=1），或这些代理的地址（如 TRUST_PROXY=127.0.0.1 或 10.0.0.0/8，逗号分隔）';
const TRUST_PROXY_FORMAT = `需为代理层数（1–${MAX_HOPS}）、代理的地址或网段（如 10.0.0.0/8，逗号分隔），或留空、false、0（不信任 X-Forwarded-For）`;

const isAddressOrRange = (v: string) => {
  if (NAMED_RANGES.has(v)) return true;
  const [address = '', prefix, ...rest] = v.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: who may tell this process the client's address (X-Forwarded-For). Only the proxies in
 * front of it: by their count (the address the farthest of them saw is the client's) or their
 * addresses. Never everyone (`true`): a client would write any address it likes and pass every
 * per-address limit.
 */
function trustedProxies(raw: string, ctx: z.core.$RefinementCtx<string>): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= MAX_HOPS) return (_address, hop) => hop < hops;
  } else {
    const list = value.split(',').map((v) => v.trim());
    if (list.every(isAddressOrRange)) return list;
  }
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
  return z.NEVER;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), '需为 postgres:// 地址或留空')
    .default(''),
  STORAGE: z.enum(['fs', 's3']).default('fs'),
  S3_ENDPOINT: z.string().default(''),
  S3_BUCKET: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  PUBLIC_URL: hostUrl.default(''),
  IMAGE_HOST: hostUrl.default(''),
  API_HOST_CN: hostUrl.default(''),
  API_HOST_US: hostUrl.default(''),
  ABOUT_URL: hostUrl.default(''),
  SITE_CONTACT: z.string().max(200).default(''),
  CORS_ORIGINS: z.string().default(''),
  SMTP_URL: z.string().default(''),
  MAIL_FROM: z.string().default('航迹 Contrail <no-reply@contrail.local>'),
  TRUST_PROXY: z.string().default('').transform(trustedProxies),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(''),
  UPLOAD_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  NODE_ENV: z.string().default(''),
  UPLOADS_PER_MEMBER: z.coerce.number().int().min(1).max(100).default(2),
  DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  DRAIN_IDLE_SECONDS: z.coerce.number().min(0).max(600).default(4),
  DB_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(10),
  MIN_FREE_DISK_MB: z.coerce.number().min(0).default(200),
  BODY_IDLE_SECONDS: z.coerce.number().min(0.1).max(3600).default(60),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(86_400).default(1800),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  REPORT_HIDE_AFTER: z.coerce.number().int().min(0).max(100).default(3),
  SMS_PROVIDER: z.enum(['log', 'aliyun', 'tencent'], 'SMS_PROVIDER 只能是 log、aliyun 或 tencent').default('log'),
  SMS_ACCESS_KEY_ID: z.string().default(''),
  SMS_ACCESS_KEY_SECRET: z.string().default(''),
  SMS_SIGN_NAME: z.string().default(''),
  SMS_TEMPLATE: z.string().default(''),
  SMS_APP_ID: z.string().default(''),
  SMS_REGION: z.string().default(''),
  SMS_ENDPOINT: z.string().default(''),
  PHONE_ACCOUNTS_PER_NUMBER: z.coerce.number().int().min(1).max(100).default(1),
});

/** A vendor's SMS needs its keys, the approved signature and template (and Tencent's application id). */
const smsComplete = envSchema.superRefine((e, ctx) => {
  if (e.SMS_PROVIDER === 'log') return;
  const needed = ['SMS_ACCESS_KEY_ID', 'SMS_ACCESS_KEY_SECRET', 'SMS_SIGN_NAME', 'SMS_TEMPLATE'] as const;
  for (const key of [...needed, ...(e.SMS_PROVIDER === 'tencent' ? (['SMS_APP_ID'] as const) : [])]) {
    if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: `SMS_PROVIDER=${e.SMS_PROVIDER} 时需要设置 ${key}` });
  }
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  storage: 'fs' | 's3';
  s3: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  publicUrl: string;
  imageHost: string;
  apiHostCN: string;
  apiHostUS: string;
  aboutUrl: string;
  /** How to reach the team, until an administrator sets it in /manage/notam. */
  siteContact: string;
  corsOrigins: string[];
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Fastify's `trustProxy`: off, the proxies' addresses, or the nearest n hops (as a function: Fastify
   * takes a bare number as trusting no hop at all).
   */
  trustProxy: TrustProxy;
  logLevel: string;
  webDist: string;
  uploadLeaseMs: number;
  /** NODE_ENV=production: no mail body (with its live links) is ever written to the log. */
  production: boolean;
  uploadsPerMember: number;
  decodeQueue: number;
  /** How long a stopping process waits for requests in flight before it closes their connections. */
  shutdownGraceMs: number;
  /** On SIGTERM, how long idle kept-alive connections are left for their clients to close after the last answer (http/drain.ts). */
  drainIdleMs: number;
  /** The longest one database statement (or getting a connection) may take before the request answers 503. */
  dbTimeoutMs: number;
  /** Below this much free space in DATA_DIR, /ready says the disk is full. */
  minFreeDiskBytes: number;
  /** A connection silent this long (a body that stopped arriving, a stalled phone) is closed. */
  bodyIdleMs: number;
  /** The longest a whole request may take to arrive: 15 MB at 100 kbit/s takes about 21 minutes. */
  requestTimeoutMs: number;
  /** The coarse in-memory ceiling per client address and process, on every route. */
  requestsPerMinute: number;
  /** Server processes on the port (workers.ts): WORKERS, or one per core. */
  workers: number;
  /** 举报 (issue 38): this many distinct established members' reports hide a photo until a screener decides; 0 never. */
  reportHideAfter: number;
  /** SMS for verified phones (issue 38): `log` by default, or a vendor's signed HTTP API. */
  sms: SmsConfig;
  /** How many accounts one verified number may verify (1: one number, one account). */
  phoneAccountsPerNumber: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = smsComplete.safeParse(
    Object.fromEntries(Object.entries(env).filter(([k, v]) => k in envSchema.shape && v !== undefined)),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`配置有误：\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE === 's3' && (!e.S3_BUCKET || !e.S3_ENDPOINT)) {
    throw new ConfigError('配置有误：\n  STORAGE=s3 需要 S3_ENDPOINT 和 S3_BUCKET');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    storage: e.STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    publicUrl: e.PUBLIC_URL || `http://${e.HOST}:${e.PORT}`,
    imageHost: e.IMAGE_HOST,
    apiHostCN: e.API_HOST_CN,
    apiHostUS: e.API_HOST_US,
    aboutUrl: e.ABOUT_URL,
    siteContact: e.SITE_CONTACT.trim(),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST || 'dist/web'),
    uploadLeaseMs: e.UPLOAD_LEASE_SECONDS * 1000,
    production: e.NODE_ENV === 'production',
    uploadsPerMember: e.UPLOADS_PER_MEMBER,
    decodeQueue: e.DECODE_QUEUE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    drainIdleMs: e.DRAIN_IDLE_SECONDS * 1000,
    bodyIdleMs: e.BODY_IDLE_SECONDS * 1000,
    dbTimeoutMs: e.DB_TIMEOUT_SECONDS * 1000,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    requestsPerMinute: e.REQUESTS_PER_MINUTE,
    workers: e.WORKERS ?? os.availableParallelism(),
    reportHideAfter: e.REPORT_HIDE_AFTER,
    sms: {
      provider: e.SMS_PROVIDER,
      accessKeyId: e.SMS_ACCESS_KEY_ID,
      accessKeySecret: e.SMS_ACCESS_KEY_SECRET,
      signName: e.SMS_SIGN_NAME,
      template: e.SMS_TEMPLATE,
      appId: e.SMS_APP_ID,
      region: e.SMS_REGION,
      endpoint: e.SMS_ENDPOINT.replace(/\/+$/, ''),
    },
    phoneAccountsPerNumber: e.PHONE_ACCOUNTS_PER_NUMBER,
  };
}
