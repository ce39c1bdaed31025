import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectChineseError, inFlightMeta, memberOnServer, multipartBody } from '../../testing/harness.js';
import { asAnotherFile, makeJpeg } from '../../testing/images.js';
import { startServer, type RunningServer } from '../../testing/process.js';

// Stalled clients (issue 17, item 4): a body that stops arriving is cut after a silence, and the
// member's upload slot and the part file go with it; a slow body that keeps moving is not cut.
// The silence allowed is 3 s here (60 s in production) so the test does not wait a minute.

describe('uploads from stalled and slow clients', () => {
  let server: RunningServer | null = null;
  afterAll(async () => {
    await server?.stop();
  });

  it('frees the slot of an upload that stopped sending, and lets a slow moving one through', async () => {
    server = await startServer(() => ({ LOG_LEVEL: 'info', BODY_IDLE_SECONDS: '3', UPLOADS_PER_MEMBER: '2' }), undefined, {
      captureOutput: true,
    });
    const running = server;
    const { token, typeId } = await memberOnServer(running, 'stall@example.com');
    const jpeg = await makeJpeg({ width: 1600, height: 1067 });
    const body = async (registration: string) =>
      multipartBody({
        file: asAnotherFile(jpeg, registration),
        meta: inFlightMeta(typeId, registration),
      });
    /** An upload whose body is written by `feed`; resolves with the answer, or 'cut' when the server closed it. */
    const upload = async (registration: string, feed: (req: http.ClientRequest, payload: Buffer) => void) => {
      const { payload, headers } = await body(registration);
      return new Promise<{ status: number; body: string } | 'cut'>((resolve) => {
        const req = http.request(`${running.url}/api/v1/photos`, {
          method: 'POST',
          headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` },
        });
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on('error', () => resolve('cut'));
        feed(req, payload);
      });
    };
    const arrivals = () =>
      running.output.filter((l) => l.includes('"url":"/api/v1/photos"') && l.includes('incoming request')).length;
    const logged = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (arrivals() >= n ? resolve() : setTimeout(check, 5));
        check();
      });

    // Two phone uploads that stop half-way: they hold both of the member's slots.
    const stalled = ['B-8001', 'B-8002'].map((reg) =>
      upload(reg, (req, payload) => req.write(payload.subarray(0, payload.length >> 1))),
    );
    await logged(2);
    const third = await upload('B-8003', (req, payload) => req.end(payload));
    expect(third).not.toBe('cut');
    expect((third as { status: number }).status).toBe(429);
    expectChineseError(JSON.parse((third as { body: string }).body) as { message: string });

    // After the silence the server closes them, and with them go the slots and the part files.
    expect(await Promise.all(stalled)).toEqual(['cut', 'cut']);
    // The client hears its connection cut a moment before the server's handler has given the slot back
    // (met once on Node 22 in CI): a refusal costs nothing, so it is asked again until the slot is free.
    let again = await upload('B-8003', (req, payload) => req.end(payload));
    for (let tries = 0; tries < 100 && again !== 'cut' && again.status === 429; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      again = await upload('B-8003', (req, payload) => req.end(payload));
    }
    expect(again).toMatchObject({ status: 201 });
    // Each part file goes as its request ends (the one just answered a moment after its answer).
    await expect.poll(() => fs.readdirSync(path.join(running.dataDir, 'tmp')).filter((f) => f.endsWith('.part'))).toEqual([]);

    // A slow body that keeps moving (a chunk every 250 ms, longer in all than the silence allowed) is not cut.
    const slow = await upload('B-8004', (req, payload) => {
      const chunks = 16;
      const size = Math.ceil(payload.length / chunks);
      let i = 0;
      const next = () => {
        const part = payload.subarray(i * size, (i + 1) * size);
        i += 1;
        if (i >= chunks) req.end(part);
        else {
          req.write(part);
          setTimeout(next, 250);
        }
      };
      next();
    });
    expect(slow).toMatchObject({ status: 201 });
  }, 120_000);
});
