import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildServices } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser suites run wherever chromium and a web build exist; in CI they are required. */
export function browserAvailable(): boolean {
  const ok = fs.existsSync(CHROMIUM) && fs.existsSync('dist/web/index.html');
  if (!ok && process.env.CI === 'true') {
    throw new Error(`CI=true needs ${CHROMIUM} and a web build (dist/web): the browser suite is required`);
  }
  return ok;
}

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
  stop(): Promise<void>;
}

/** Runs the real server process (as `npm start` does) on a free port with its own data folder. */
export async function startServer(extraEnv: (port: number) => Record<string, string> = () => ({})): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'contrail-e2e-'));
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv(port) };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    env,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Services over the same database as a running server, to set up users the way the CLI does. */
export async function servicesFor(server: RunningServer) {
  const { services, database } = await buildServices(loadConfig(server.env));
  return { ...services, close: () => database.destroy() };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** Texts of the notices on screen right now. */
export async function noticeTexts(page: Page): Promise<string[]> {
  return page.locator('.notices .notice').allTextContents();
}
