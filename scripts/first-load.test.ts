import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGET, firstLoad, HOME_ROUTE_MODULE, PUBLIC_ROUTE_MODULES } from './first-load.js';

const dist = path.resolve('dist/web');
const built = fs.existsSync(path.join(dist, '.vite/manifest.json'));

// `npm test` builds the web app first; CI must never skip this.
describe.skipIf(!built && process.env.CI !== 'true')('first load of / (built web app)', () => {
  it('stays within 150 KB gzip JS and 20 KB gzip CSS, without Ant Design', () => {
    const load = firstLoad(dist, HOME_ROUTE_MODULE);
    expect(load.jsGzip).toBeLessThanOrEqual(BUDGET.jsGzip);
    expect(load.cssGzip).toBeLessThanOrEqual(BUDGET.cssGzip);
    expect(load.hasAntd).toBe(false);
  });

  it('keeps zod out of the first load of /, /search and /photo/{id}', () => {
    for (const route of PUBLIC_ROUTE_MODULES) expect([route, firstLoad(dist, route).hasZod]).toEqual([route, false]);
  });

  it('draws the upload form, its facts included, without Ant Design (issue 34, item 24; ADR 0054)', () => {
    const form = firstLoad(dist, 'src/features/uploads/components/upload-page.tsx');
    // The facts' checks give the contract's messages, so zod comes with the page (measured within 0.5 s).
    expect([form.hasZod, form.hasAntd]).toEqual([true, false]);
  });

  it('keeps Ant Design in chunks loaded on demand', () => {
    const load = firstLoad(dist, 'src/features/accounts/components/register-page.tsx');
    expect(load.hasAntd).toBe(true);
  });
});
