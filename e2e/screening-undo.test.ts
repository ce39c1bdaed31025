import { describe, expect, it } from 'vitest';
import { SCREENING_MESSAGES } from '../contract/screening.js';
import { appReady, browserAvailable, openTab, screeningDeskSuite, screenshotStill, servicesFor } from './harness.js';

// Issue 34, item 14: only the first ten reasons had keys, and a decision made with A or R could not be
// taken back. Every reason has a key now, and the decision's notice offers 撤销 for 10 s.
describe.skipIf(!browserAvailable())('taking back a keyed decision in Chromium', () => {
  const desk = screeningDeskSuite(['B-6201', 'B-6202'], { seed: 60, width: 2000, height: 1200 });

  const stateOf = async (id: number) => {
    const services = await servicesFor(desk.server);
    try {
      return (await services.db.selectFrom('photos').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
    } finally {
      await services.close();
    }
  };

  for (const [index, width] of [1366, 390].entries()) {
    it(`takes back an acceptance (A) and a rejection by keys (R, Q) with 撤销 at ${width} px`, async () => {
      const id = desk.photos[index]!;
      const { context, page } = await openTab(desk.browser, desk.screener, { width });
      await page.goto(`${desk.server.url}/screen/photo/${id}`);
      await appReady(page);
      await page.getByText('已锁定，页面打开期间自动续期').waitFor();
      const state = page.getByTestId('photo-state');

      await page.keyboard.press('a');
      let notice = page.locator('.notice', { hasText: SCREENING_MESSAGES.accepted });
      await notice.getByRole('button', { name: '撤销' }).waitFor();
      expect(await stateOf(id)).toBe('accepted');
      await screenshotStill(page, `undo-accepted-${width}`);
      await notice.getByRole('button', { name: '撤销' }).click();
      await page.locator('.notice', { hasText: SCREENING_MESSAGES.undone }).waitFor();
      await expect.poll(() => state.textContent()).toBe('待审');
      expect(await stateOf(id)).toBe('pending');

      // The first reason (1) and the eleventh, whose key is Q (地平不正), sent with Enter.
      await page.keyboard.press('r');
      const picker = page.getByTestId('reason-picker');
      await picker.waitFor();
      await page.keyboard.press('1');
      await page.keyboard.press('q');
      await expect.poll(() => picker.locator('input[type=checkbox]:checked').count()).toBe(2);
      await screenshotStill(page, `undo-reasons-${width}`);
      await page.keyboard.press('Enter');
      notice = page.locator('.notice', { hasText: SCREENING_MESSAGES.rejected });
      await notice.getByRole('button', { name: '撤销' }).waitFor();
      expect(await stateOf(id)).toBe('rejected');
      await notice.getByRole('button', { name: '撤销' }).click();
      await page.locator('.notice', { hasText: SCREENING_MESSAGES.undone }).waitFor();
      await expect.poll(() => state.textContent()).toBe('待审');
      expect(await stateOf(id)).toBe('pending');
      await screenshotStill(page, `undone-${width}`);
      await context.close();
    });
  }
});
