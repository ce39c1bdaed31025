import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core idle: on this 2-core machine the server and
    // web files then ran one at a time). The browser suite keeps to one file at a time below.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Polls follow the event they wait for; the limit only decides when to give up.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          // Each step waits for its element; the limit only decides when to give up. Typing into Ant
          // Design's fields in jsdom takes seconds when the machine is busy (met: 5 s under a CPU burner).
          testTimeout: 30_000,
          // jsdom's gaps that Ant Design runs into, and cleanup after each test.
          setupFiles: ['web/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          // After the server and web suites, not beside them: a browser starved of CPU by image
          // processing in parallel suites makes timing-based waits flaky on a 2-core machine.
          sequence: { groupOrder: 1 },
          include: ['e2e/**/*.test.ts'],
          // A failed test writes out its pages: screenshots and where the last inputs landed.
          setupFiles: ['e2e/setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // A reload or a route change under a parallel test run can take seconds, not the default 1 s.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
