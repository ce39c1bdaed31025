// Every browser test file: when a test fails, the open pages are written out (e2e/trail.ts).
import { afterEach } from 'vitest';
import { reportFailure } from './trail.js';

afterEach(reportFailure);
