// The scale-out of PRODUCT.md §9.3 on one machine: nginx from Debian running deploy/nginx.conf in
// front of N server processes on one PostgreSQL database and one S3 store (s3rver). Used by the
// cluster test (e2e/cluster.test.ts) and `npm run bench`; by hand:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres npx tsx scripts/cluster.ts 3
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshPostgresUrl } from '../server/src/testing/harness.js';
import { freePort, startServer, waitUntilHealthy, type RunningServer } from '../server/src/testing/process.js';
import { startS3 } from '../server/src/testing/s3.js';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_CONF = path.resolve('deploy/nginx.conf');

export interface Cluster {
  /** nginx's address: the site as its visitors see it. */
  url: string;
  /** What every process shares: the database, the store, and trust in nginx's X-Forwarded-For. */
  env: Record<string, string>;
  /** The processes, by slot; a slot keeps its port across restarts. */
  servers: RunningServer[];
  /** SIGTERM (the drain), then the same slot started again; resolves once it answers. */
  restart(slot: number): Promise<void>;
  /** SIGKILL, as in a crash; `start` brings the slot back. */
  kill(slot: number): Promise<void>;
  start(slot: number): Promise<void>;
  /** nginx's error log so far. */
  nginxErrors(): string;
  stop(): Promise<void>;
}

/**
 * The upstream lines of the tested configuration, one per process on its port, and nginx listening on
 * `port`: the file is otherwise used as it is.
 */
export function renderNginxConf(conf: string, port: number, upstreamPorts: number[]): string {
  const server = /^(\s*)server 127\.0\.0\.1:\d+( [^;]*)?;$/;
  const lines = conf.split('\n');
  const first = lines.findIndex((l) => server.test(l));
  const listen = lines.findIndex((l) => /^\s*listen 80;$/.test(l));
  if (first < 0 || listen < 0) throw new Error('deploy/nginx.conf: no upstream server line or no `listen 80;`');
  const [, indent, params] = server.exec(lines[first]!)!;
  lines[listen] = lines[listen]!.replace('listen 80;', `listen 127.0.0.1:${port};`);
  lines[first] = upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params ?? ''};`).join('\n');
  return lines.filter((l, i) => i === first || !server.test(l)).join('\n');
}

function mainConf(dir: string): string {
  // Run as root (CI), the workers would switch to `nobody`, who cannot write this folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  # nginx closes a client's connection after its 1,000th request (keepalive_requests), with
  # "Connection: close" on the last answer. A browser opens a new one; autocannon writes its next
  # request onto the closing connection at once, which then ends in ECONNRESET, counted as a failed
  # request (reproduced against a bare upstream: 3 of 56,644 requests over 20 connections, 0 with this
  # line). The load generator's habit, not the site's: it keeps its connections here.
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/contrail.conf;
}
`;
}

export async function startCluster(opts: {
  processes: number;
  extraEnv?: Record<string, string>;
  captureOutput?: boolean;
}): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('the cluster needs PostgreSQL: set TEST_DATABASE_URL');
  if (!fs.existsSync(NGINX)) throw new Error(`the cluster needs nginx (${NGINX}): apt-get install nginx`);
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
  };
  try {
    const pgDb = await freshPostgresUrl();
    cleanups.push(pgDb.drop);
    const s3 = await startS3();
    cleanups.push(s3.close);
    const env = { DATABASE_URL: pgDb.url, ...s3.env, TRUST_PROXY: '1', ...opts.extraEnv };
    const servers: RunningServer[] = [];
    cleanups.push(() => Promise.all(servers.map((s) => s.stop())));
    const dataDirs: string[] = [];
    const ports = await Promise.all(Array.from({ length: opts.processes }, () => freePort()));
    // Each slot keeps its port and its data folder (upload parts) across restarts.
    const start = async (slot: number) => {
      dataDirs[slot] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-node-'));
      const server = await startServer(
        () => ({ ...env }),
        { port: ports[slot]!, dataDir: dataDirs[slot] },
        { captureOutput: opts.captureOutput },
      );
      servers[slot] = server;
      await waitUntilHealthy(server.url, server.process, '/api/v1/ready');
    };
    // The first process migrates and imports the reference data; the others then start together.
    await start(0);
    await Promise.all(Array.from({ length: opts.processes - 1 }, (_, i) => start(i + 1)));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-nginx-'));
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'contrail.conf'), renderNginxConf(fs.readFileSync(NGINX_CONF, 'utf8'), port, ports));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConf(dir));
    const nginx = spawn(
      NGINX,
      ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: 'inherit',
      },
    );
    const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill('SIGQUIT');
        const killer = setTimeout(() => nginx.kill('SIGKILL'), 5_000);
        await nginxExited;
        clearTimeout(killer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });
    process.once('exit', () => nginx.kill('SIGKILL'));
    const url = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(url, nginx, '/api/v1/ready');

    const exited = (slot: number, signal: NodeJS.Signals) => {
      const child = servers[slot]!.process;
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill(signal);
      return done;
    };
    return {
      url,
      env,
      servers,
      restart: async (slot) => {
        await exited(slot, 'SIGTERM');
        await start(slot);
      },
      kill: (slot) => exited(slot, 'SIGKILL'),
      start,
      nginxErrors: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Each answer's time in ms: the first on each connection, and every later one. */
export interface Answers {
  first: number[];
  later: number[];
}

/** The 99th percentile of `times`, in whole ms (0 for none). */
export function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!);
}

/**
 * Load as real visitors make it: `connections` clients cycling through `paths` (thousands of distinct
 * URLs, so no cache answers them all) until `stop()`, which resolves with autocannon's result.
 */
export function startLoad(
  base: string,
  paths: string[],
  connections: number,
  seconds = 600,
  headers: Record<string, string> = {},
  /** Requests come from this many addresses in turn (X-Forwarded-For, for a server that trusts 127.0.0.1): trackers each ask from their own. */
  addresses = 0,
): {
  stop(): Promise<autocannon.Result>;
  done: Promise<autocannon.Result>;
  clientErrors: Map<string, number>;
  answers: Answers;
} {
  let i = 0;
  const from = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  let finish!: (r: autocannon.Result) => void;
  let fail!: (err: unknown) => void;
  const result = new Promise<autocannon.Result>((resolve, reject) => ((finish = resolve), (fail = reject)));
  const instance = autocannon(
    {
      url: base,
      connections,
      duration: seconds,
      headers,
      requests: [
        {
          setupRequest: (req) => {
            const n = i++;
            const spread = addresses > 0 ? { headers: { ...req.headers, 'x-forwarded-for': from(n % addresses) } } : {};
            return { ...req, ...spread, path: paths[n % paths.length]! };
          },
        },
      ],
    },
    (err: unknown, res) => (err ? fail(err) : finish(res)),
  );
  // What each failed request met (ECONNRESET, a timeout…): the count alone cannot tell whose fault it was.
  const clientErrors = new Map<string, number>();
  instance.on('reqError', (err: NodeJS.ErrnoException) => {
    const kind = err.code ?? err.message;
    clientErrors.set(kind, (clientErrors.get(kind) ?? 0) + 1);
  });
  // A connection's first answer waits for the server to accept it. A busy Node server accepts one
  // connection a turn of its event loop (libuv 1.45, "don't accept() connections in a loop"), so the last
  // of 50 new connections can wait 50 turns, seconds on a busy server, before its first request is read.
  const answers: Answers = { first: [], later: [] };
  const answered = new WeakSet<object>();
  instance.on('response', (client: object, _status: number, _bytes: number, ms: number) => {
    if (answered.has(client)) answers.later.push(ms);
    else {
      answered.add(client);
      answers.first.push(ms);
    }
  });
  return {
    clientErrors,
    answers,
    done: result,
    stop: () => {
      instance.stop();
      return result;
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? '3');
  const cluster = await startCluster({ processes: n });
  console.log(
    `nginx on ${cluster.url} in front of ${n} processes (ports ${cluster.servers.map((s) => s.port).join(', ')}); Ctrl+C stops`,
  );
  process.once('SIGINT', () => void cluster.stop().then(() => process.exit(0)));
}
