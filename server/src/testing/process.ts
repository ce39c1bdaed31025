import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  env: Record<string, string>;
  process: ChildProcess;
  /** What the server wrote to stdout and stderr, a line each (only with `captureOutput`). */
  output: string[];
  /** SIGKILL: no shutdown hooks, as in a crash; the data folder stays. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Pushes each whole line `stream` writes: a pipe's chunks hold any number of lines (Node 24 often hands
 * two log lines over in one), and a line can be cut between two chunks.
 */
function collectLines(stream: NodeJS.ReadableStream, into: string[]): void {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    into.push(...lines);
  });
  stream.on('end', () => {
    if (partial) into.push(partial);
  });
}

/** Runs the real server process (as `npm start` does) on a free port with its own data folder. */
export async function startServer(
  extraEnv: (port: number) => Record<string, string> = () => ({}),
  reuse?: { port: number; dataDir: string },
  opts: { captureOutput?: boolean; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = reuse?.port ?? (await freePort());
  const dataDir = reuse?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-e2e-'));
  // MALLOC_ARENA_MAX as `npm start` and the systemd unit set it.
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: '2',
    // One process per server unless a suite asks for workers (the default is one per core).
    WORKERS: '1',
    ...extraEnv(port),
  };
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', opts.captureOutput ? 'pipe' : 'inherit', opts.captureOutput ? 'pipe' : 'inherit'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) if (stream) collectLines(stream, output);
  live.add(child);
  child.once('exit', () => live.delete(child));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(url, child);
  } catch (err) {
    await ended(child, 'SIGKILL');
    throw err;
  }
  return {
    url,
    port,
    dataDir,
    env,
    process: child,
    output,
    kill: () => ended(child, 'SIGKILL'),
    stop: async () => {
      // A clean shutdown first; a server that hangs in it is killed, so no test leaves one behind.
      const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await ended(child, 'SIGTERM');
      clearTimeout(killer);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const STOP_GRACE_MS = 5_000;
// A slow start on a busy 2-core machine (tsx compiling, first-start reference import) takes seconds.
const START_TIMEOUT_MS = 90_000;

/** Every server process this test process started and that still runs. */
const live = new Set<ChildProcess>();
// Whatever way the test process ends (a failed hook, a timeout, the runner tearing down), its
// servers end with it.
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

function ended(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  return exited;
}

/** Resolves when `child` (a server, or nginx before servers) answers `path` with 2xx; fails at once if it exits. */
export async function waitUntilHealthy(url: string, child: ChildProcess, path = '/api/v1/health'): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${url} exited with ${code ?? signal}`))),
  );
  exited.catch(() => undefined);
  for (;;) {
    const ok = await Promise.race([
      fetch(`${url}${path}`).then(
        (res) => res.ok,
        () => false,
      ),
      exited,
    ]);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url}${path} did not answer in ${START_TIMEOUT_MS / 1000} s`);
    // Between polls: the server is still compiling or migrating; there is no event to wait for.
    await Promise.race([new Promise((r) => setTimeout(r, 100)), exited]);
  }
}
