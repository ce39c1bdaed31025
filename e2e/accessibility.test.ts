import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../server/src/testing/images.js';
import { appReady, browserAvailable, launchBrowser, openTab, servicesFor, startServer, type RunningServer } from './harness.js';

type Session = Record<string, unknown> & { id: number };

// Issue 19, item 16: axe-core finds no serious or critical violation on the pages people use most,
// at 1366 and 390 px.

describe.skipIf(!browserAvailable())('accessibility (axe-core) in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let member: Session;
  let admin: Session;
  let accepted: number;
  let waiting: number;

  beforeAll(async () => {
    server = await startServer();
    const services = await servicesFor(server);
    const login = async (email: string, username: string, level: number) => {
      await services.accounts.createUser({ email, username, password: 'password-123', level });
      return { ...(await services.sessions.login(email, 'password-123', '127.0.0.1')) } as Session;
    };
    member = await login('spotter@example.com', '拍机少年', 0);
    admin = await login('admin@example.com', '站长', 3);
    const b738 = (await services.reference.search('aircraft_types', { q: 'B738', limit: 1 }, null)).items[0]!;
    const ces = (await services.reference.search('airlines', { q: 'CES', limit: 1 }, null)).items[0]!;
    const pvg = (await services.reference.search('airports', { q: 'PVG', limit: 1 }, null)).items[0]!;
    const uploader = { id: member.id, username: '拍机少年', level: 0, sessionId: 0 };
    const file = path.join(server.dataDir, 'seed.jpg');
    const upload = async (seed: number, registration: string) => {
      fs.writeFileSync(file, await makeJpeg({ seed, width: 2000, height: 1333, exif: true }));
      const facts = { aircraftTypeId: b738.id, airlineId: ces.id, airportId: pvg.id, takenOn: '2024-03-03' };
      const meta = { ...facts, categories: ['airliner'], queue: 'normal' as const, watermark: null, registration };
      return (await services.uploads.upload(uploader, file, meta)).photo.id;
    };
    accepted = await upload(81, 'B-30EE');
    waiting = await upload(82, 'B-30EF');
    await services.db
      .updateTable('photos')
      .set({ state: 'accepted', decided_at: Date.now() })
      .where('id', '=', accepted)
      .execute();
    await services.close();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The serious and critical violations on the page as it is now, each with where it was found. */
  const violations = async (page: Page) => {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 100)}`)
            .slice(0, 3)
            .join(' | ')}`,
      );
  };

  const pages = () =>
    [
      ['/', null, 'hero'],
      ['/search', null, 'search-total'],
      ['/potw', null, 'potw-empty'],
      ['/api', null, 'api-page'],
      [`/photo/${accepted}`, null, 'photo-page'],
      ['/upload', member, 'upload-form'],
      ['/queue/upload', member, 'slots'],
      [`/screen/photo/${waiting}`, admin, 'original-stage'],
      ['/manage/user', admin, 'user-search'],
    ] as const;

  for (const width of [1366, 390]) {
    it(`finds no serious or critical violation at ${width} px`, async () => {
      const found: Record<string, string[]> = {};
      for (const [route, session, ready] of pages()) {
        const { context, page } = await openTab(browser, session, { width });
        await page.goto(`${server.url}${route}`);
        await page.getByTestId(ready).first().waitFor();
        await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
        const list = await violations(page);
        if (list.length > 0) found[route] = list;
        await context.close();
      }
      expect(found).toEqual({});
      // About 20 pages, each opened in a fresh tab: a busy machine takes minutes, not the default 90 s.
    }, 300_000);
  }

  it("reaches the home page's actions by keyboard, each with a visible focus", async () => {
    const { context, page } = await openTab(browser, null, { width: 1366 });
    await page.goto(`${server.url}/`);
    await page.getByTestId('hero').waitFor();
    await appReady(page);
    const seen: string[] = [];
    for (let i = 0; i < 30 && !seen.includes('浏览图库'); i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        return { text: el.textContent?.trim() ?? '', outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      seen.push(focused.text);
      expect(focused.outline, focused.text).not.toBe('none');
      expect(focused.width, focused.text).toBeGreaterThanOrEqual(2);
    }
    expect(seen).toContain('登录/注册');
    expect(seen).toContain('浏览图库');
    await context.close();
  });

  it('names each photo by its facts in its alt text', async () => {
    const { context, page } = await openTab(browser, null, { width: 1366 });
    await page.goto(`${server.url}/photo/${accepted}`);
    const alt = await page.getByTestId('photo-main').locator('img').getAttribute('alt');
    expect(alt).toContain('B-30EE');
    expect(alt).toContain('737-800');
    expect(alt).toContain('东方航空');
    expect(alt).toContain('上海浦东');
    await context.close();
  });
});
