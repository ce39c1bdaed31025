import http from 'node:http';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../testing/images.js';
import { expectChineseError, inFlightMeta, memberOnServer, multipartBody } from '../testing/harness.js';
import { startServer, type RunningServer } from '../testing/process.js';

// A deploy drops nothing and ends fast (issue 17, item 2): SIGTERM while an upload and 50 looping
// kept-alive connections are in flight. What was inside is answered, and so is what arrives meanwhile
// on a connection already open — an upload written onto an idle kept-alive connection as the drain
// begins is taken, not refused (nginx never sends a POST twice) — each answer closing its connection;
// /ready fails at once while /health answers; a second SIGTERM (systemd signals the whole group) does
// not cut the drain short; the process exits 0 within its grace.

interface Answer {
  path: string;
  status: number;
  body: string;
  retryAfter: string | null;
  at: number;
}

describe('a server process stopped by SIGTERM under load', () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it('answers what is in flight and what arrives on open connections, fails /ready, and exits 0 within the grace', async () => {
    // The per-address request limit would answer 50 looping clients on one address with 429s: lifted here.
    server = await startServer(
      () => ({ LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '60', REQUESTS_PER_MINUTE: '1000000' }),
      undefined,
      { captureOutput: true },
    );
    const running = server;
    const { token, typeId } = await memberOnServer(running, 'drain@example.com');
    const exited = new Promise<{ code: number | null }>((resolve) => running.process.once('exit', (code) => resolve({ code })));

    // 50 clients, each on its own kept-alive connection, asking again as soon as answered.
    const answers: Answer[] = [];
    let stop = false;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const get = (path: string) =>
      new Promise<Answer>((resolve, reject) => {
        const req = http.get(`${running.url}${path}`, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (body += d));
          res.on('end', () =>
            resolve({ path, status: res.statusCode ?? 0, body, retryAfter: res.headers['retry-after'] ?? null, at: Date.now() }),
          );
          res.on('error', reject);
        });
        req.on('error', reject);
      });
    let firstRound = 0;
    let markFirstRound: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => (markFirstRound = resolve));
    const loop = async (i: number) => {
      const path = i % 2 ? '/api/v1/ready' : `/api/v1/photos?limit=${1 + (i % 40)}`;
      let first = true;
      while (!stop) {
        try {
          answers.push(await get(path));
        } catch {
          return; // the server closed this connection and accepts no new one: this client is done
        }
        if (first && ++firstRound === 50) markFirstRound();
        first = false;
      }
    };
    const loops = Array.from({ length: 50 }, (_, i) => loop(i));
    await allStarted;

    // Two clients with a request begun but not finished: their connections are not idle, so the
    // process keeps them when it stops accepting, and their requests arrive during the drain.
    const held = (path: string) => {
      const socket = net.connect(running.port, '127.0.0.1');
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n`);
      const chunks: Buffer[] = [];
      socket.on('data', (d: Buffer) => chunks.push(d));
      const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8'))));
      socket.on('error', () => undefined);
      return { finish: () => socket.write('\r\n'), closed };
    };
    const ready = held('/api/v1/ready');
    const health = held('/api/v1/health');

    // An upload inside the server (its arrival logged) when SIGTERM comes; the rest of its body after.
    const jpeg = await makeJpeg({ width: 1600, height: 1067 });
    const { payload, headers } = await multipartBody({
      file: jpeg,
      meta: inFlightMeta(typeId, 'B-7777'),
    });
    // A kept-alive connection left idle before SIGTERM, as nginx keeps its upstream connections.
    const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idleWarm = await new Promise<number>((resolve, reject) =>
      http
        .get(`${running.url}/api/v1/health`, { agent: idleAgent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject),
    );
    expect(idleWarm).toBe(200);
    const late = await multipartBody({
      file: await makeJpeg({ width: 1600, height: 1067, seed: 9 }),
      meta: inFlightMeta(typeId, 'B-7778'),
    });

    const req = http.request(`${running.url}/api/v1/photos`, {
      method: 'POST',
      headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` },
    });
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    req.write(payload.subarray(0, payload.length >> 1));
    const logged = (pattern: (line: string) => boolean) =>
      new Promise<void>((resolve) => {
        const check = () => (running.output.some(pattern) ? resolve() : setTimeout(check, 5));
        check();
      });
    await logged((l) => l.includes('"url":"/api/v1/photos"') && l.includes('incoming request'));
    running.process.kill('SIGTERM');
    await logged((l) => l.includes('draining'));
    // The service manager's second signal to the same process, while it drains: nothing changes.
    running.process.kill('SIGTERM');
    // An upload onto the idle kept-alive connection, now that the drain has begun.
    const lateUpload = new Promise<{ status: number; body: string; reused: boolean; connection: string }>((resolve, reject) => {
      const r = http.request(`${running.url}/api/v1/photos`, {
        method: 'POST',
        agent: idleAgent,
        headers: { ...late.headers, 'content-length': late.payload.length, authorization: `Bearer ${token}` },
      });
      r.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, reused: r.reusedSocket, connection: String(res.headers.connection) }),
        );
      });
      r.on('error', reject);
      r.end(late.payload);
    });
    ready.finish();
    health.finish();
    const [readyAnswer, healthAnswer] = await Promise.all([ready.closed, health.closed]);
    req.end(payload.subarray(payload.length >> 1));

    const uploaded = await upload;
    const lateAnswer = await lateUpload;
    idleAgent.destroy();
    const { code } = await exited;
    stop = true;
    await Promise.all(loops);
    agent.destroy();

    // /ready failed at once, in Chinese, saying when to come back; /health still says the process lives.
    expect(readyAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(readyAnswer.toLowerCase()).toContain('retry-after: 5');
    expect(readyAnswer.toLowerCase()).toContain('connection: close');
    expectChineseError(JSON.parse(readyAnswer.slice(readyAnswer.indexOf('\r\n\r\n') + 4)) as { message: string });
    expect(healthAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(lateAnswer.reused).toBe(true);
    expect(lateAnswer.status, lateAnswer.body).toBe(201);
    expect(lateAnswer.connection).toBe('close');
    expect(code).toBe(0);
    // A drain with nothing stuck ends as soon as the upload is answered, never by the grace (60 s here) (a
    // busy machine may take longer to answer, so the log says which ended it, not the clock).
    expect(running.output.join('\n')).not.toContain('grace over');
    // Nothing but 200 and 503 was answered to the 50 clients; every refusal Chinese, with Retry-After.
    for (const a of answers) {
      expect([200, 503], `${a.path} ${a.status} ${a.body}`).toContain(a.status);
      if (a.status === 503) {
        expectChineseError(JSON.parse(a.body) as { message: string });
        expect(a.retryAfter).toBe('5');
      }
    }
    expect(answers.some((a) => a.body.includes('Service Unavailable'))).toBe(false);
    expect(running.output.join('\n')).toContain('draining');
  }, 120_000);
});
