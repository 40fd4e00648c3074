import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Run by `npm run test:soak` (vitest.soak.config.ts; CI runs it with a shorter SOAK_SECONDS), one file at a time with
 * nothing beside them: minutes of load, and the check that photo QC leaves the event loop free, whose request
 * latencies mean nothing while other test files load the machine.
 */
export const SOAK_TESTS = ['test/robustness/soak.test.ts', 'test/e2e/qc-off-loop.test.ts'];

export default defineConfig({
  // One graphql instance: the CommonJS build that Node loads for every dependency (graphql has no "exports" map,
  // so Vite would otherwise pick index.mjs for our code and break instanceof checks across the two copies).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...SOAK_TESTS],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 3,
    // Test files share their worker's module cache: importing the app once per worker instead of once per file
    // saves ~150 s of worker time. Nothing of ours keeps state at module level that a test depends on.
    isolate: false,
  },
});
