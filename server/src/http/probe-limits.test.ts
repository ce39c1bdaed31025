import { describe, expect, it } from 'vitest';
import { Outages, probeDependencies } from './outages.js';

// Issue 37: under CPU overload a probe's answer waits behind the requests, and an outage declared for
// a slow answer turned every request away. A slow answer makes /ready say no; only a failure, or an
// answer later than the generous outage limit, is an outage.
describe('dependency probes', () => {
  const fine = async () => true;

  it('does not call a slow answer an outage, though /ready says not yet', async () => {
    const outages = new Outages();
    let answer: (up: boolean) => void = () => undefined;
    const slow = new Promise<boolean>((resolve) => (answer = resolve));
    const seen = await probeDependencies({ database: () => slow, storage: fine, disk: fine }, outages, {
      answerMs: 20,
      outageMs: 60_000,
    });
    expect(seen).toEqual({ database: false, storage: true, disk: true });
    expect(outages.isDown('database')).toBe(false);
    answer(true);
    await slow;
    expect(outages.isDown('database')).toBe(false);
  });

  it('calls a failure an outage at once, and an answer past the outage limit one too', async () => {
    const outages = new Outages();
    await probeDependencies({ database: () => Promise.reject(new Error('refused')), storage: fine, disk: fine }, outages);
    await expect.poll(() => outages.isDown('database')).toBe(true);
    expect(outages.isDown('storage')).toBe(false);

    const silent = new Outages();
    const never = () => new Promise<boolean>(() => undefined);
    await probeDependencies({ database: fine, storage: never, disk: fine }, silent, { answerMs: 20, outageMs: 50 });
    await expect.poll(() => silent.isDown('storage')).toBe(true);
  });
});
