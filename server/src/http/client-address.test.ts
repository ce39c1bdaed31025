import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_API_LIMITS, PUBLIC_API_MESSAGES } from '../../../contract/public-api.js';
import { ConfigError, loadConfig } from '../config.js';
import { createTestApp, databaseKinds, expectChineseError, type TestApp } from '../testing/harness.js';

// Issue 34, item 4: behind proxies the client's address is the one the nearest trusted proxy saw, never
// what the client wrote into X-Forwarded-For itself (its leftmost entries), so a per-address limit holds.

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
  const refusal = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`TRUST_PROXY=${value} was accepted`);
  };

  it('is off unless set, and takes a hop count or the proxies’ addresses', () => {
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    // A count trusts the nearest hops, the process's own peer first (hop 0).
    const hops = (value: string) => {
      const trust = trustProxy(value) as (address: string, hop: number) => boolean;
      return [0, 1, 2, 3].filter((hop) => trust('127.0.0.1', hop)).length;
    };
    expect(hops('1')).toBe(1);
    expect(hops(' 2 ')).toBe(2);
    expect(trustProxy('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  it('refuses true at start-up, saying to give the number of proxies instead', () => {
    const message = refusal('true');
    expect(message).toContain('TRUST_PROXY');
    expect(message).toContain('代理');
    expect(message).toMatch(/TRUST_PROXY=1/);
  });

  it('refuses what is neither a count nor addresses, in Chinese', () => {
    for (const bad of ['yes', '-1', '1.5', '10.0.0.0/33', '10.0.0.1,,', 'nginx', '300.1.1.1']) {
      const message = refusal(bad);
      expect(message, bad).toMatch(/^配置有误：\n {2}TRUST_PROXY: /);
      expect(message, bad).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});

describe.each(databaseKinds())('the per-address limit behind proxies on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });
  let byHops: TestApp;
  let byAddress: TestApp;
  beforeAll(async () => {
    byHops = await createTestApp(kind, { TRUST_PROXY: '1' });
    apps.push(byHops);
    byAddress = await createTestApp(kind, { TRUST_PROXY: '10.0.0.0/8' });
    apps.push(byAddress);
  });

  /** One request through a proxy at `proxy`, which says it comes from `client`; the client wrote `forged` first. */
  const ask = (t: TestApp, proxy: string, client: string, forged: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/public/photos?reg=B-1234',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': `${forged}, ${client}` },
    });

  const exhausts = async (t: TestApp, proxy: string, client: string) => {
    for (let i = 0; i < PUBLIC_API_LIMITS.perMinute; i++) {
      const res = await ask(t, proxy, client, `198.51.100.${i}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await ask(t, proxy, client, '192.0.2.250');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(PUBLIC_API_MESSAGES.tooMany);
    expectChineseError(refused.json());
  };

  it('with TRUST_PROXY=1, a client varying the leftmost X-Forwarded-For still meets its limit', async () => {
    await exhausts(byHops, '127.0.0.1', '203.0.113.7');
    // Another client behind the same proxy has a limit of its own.
    expect((await ask(byHops, '127.0.0.1', '203.0.113.8', '203.0.113.7')).statusCode).toBe(200);
  });

  it('with the proxies’ addresses, the address their last hop saw is the client’s', async () => {
    await exhausts(byAddress, '10.1.2.3', '203.0.113.9');
    // A request that does not come from a trusted proxy is counted by its own address, whatever it says.
    expect((await ask(byAddress, '192.0.2.1', '203.0.113.9', '192.0.2.2')).statusCode).toBe(200);
  });
});
