import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { createTestApp, databaseKinds, type TestApp } from '../testing/harness.js';
import { enqueueMail } from '../mail/outbox.js';
import { sendOutbox, startScheduler, type Job } from './scheduler.js';

/** A promise with its resolve at hand. */
function signal(): { done: Promise<void>; fire: () => void } {
  let fire: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (fire = resolve));
  return { done, fire };
}

describe.each(databaseKinds())('the job scheduler on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts no second run of a job while its run is under way here, and stops only once that run has ended its batch', async () => {
    // `slow` claims every 20 ms (its claim lapses at once) but its run waits to be let go; `tick`
    // runs on the same interval, so its runs say how many times `slow` was due meanwhile.
    const letGo = signal();
    const started = signal();
    let slowRuns = 0;
    let sawStop = false;
    let ticks = 0;
    const enoughTicks = signal();
    const jobs: Job[] = [
      {
        name: `slow-${kind}`,
        everyMs: 20,
        run: async (stopping) => {
          slowRuns++;
          started.fire();
          await letGo.done;
          sawStop = stopping.aborted;
        },
      },
      {
        name: `tick-${kind}`,
        everyMs: 20,
        run: async () => {
          if (++ticks === 10) enoughTicks.fire();
        },
      },
    ];
    const stop = startScheduler(t.database.db, systemClock, jobs, t.app.log);
    await started.done;
    await enoughTicks.done;
    expect(slowRuns).toBe(1);

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    // The run under way is waited for: stop has not resolved while it holds on.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    letGo.fire();
    await stopping;
    expect(sawStop).toBe(true);
    expect(slowRuns).toBe(1);
  });

  it('sends no further mail once the process is stopping: the rest go out when their claim lapses', async () => {
    const now = t.clock.now();
    for (const to of ['a@example.com', 'b@example.com', 'c@example.com'])
      await enqueueMail(t.database.db, { to, subject: `stop-${kind}`, body: '…' }, now);
    const stopping = new AbortController();
    const sent: string[] = [];
    // The process is told to stop while the first mail goes out.
    const transport = {
      send: async (m: { to: string }) => {
        sent.push(m.to);
        stopping.abort();
      },
    };
    expect(await sendOutbox(t.database.db, t.clock, transport, stopping.signal)).toBe(3);
    expect(sent).toHaveLength(1);
    // Five minutes on, the two left are claimed again and sent, once each.
    t.clock.advance(5 * 60_000 + 1);
    await sendOutbox(t.database.db, t.clock, { send: async (m: { to: string }) => void sent.push(m.to) });
    expect([...sent].sort()).toEqual(['a@example.com', 'b@example.com', 'c@example.com']);
  });
});
