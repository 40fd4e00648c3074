import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Run by `npm run test:soak` (vitest.soak.config.ts; CI runs it with a shorter SOAK_SECONDS), one file at a time with
 * nothing beside them: minutes of load, and the check that photo QC leaves the event loop free, whose request
 * latencies mean nothing while other test files load the machine.
 */
export const SOAK_TESTS = ['test/robustness/soak.test.ts', 'test/e2e/qc-off-loop.test.ts'];

/**
 * Tests of pure code: no database, no Redis, no server, no worker, no child process. They run in the `unit` project,
 * which has no global set-up, so `npx vitest run --project unit` answers in seconds; a test here that asks for the
 * run's database (`inject('mongoUrl')`) gets nothing and fails, which says it belongs in another project. Nor does a
 * test here import the GraphQL schema built from the code (src/http/graphql/schema.ts): that loads most of the server's
 * modules, ~6 s of the project's ~10 on 2 cores, once in each worker. Those tests (schema-sync, browser-documents,
 * graphiql-examples, session-inputs in test/http/) run in `in-process`, whose workers load the server anyway.
 */
export const UNIT_TESTS = [
  'test/domain/**/*.test.ts',
  'test/docs/**/*.test.ts',
  'test/events/subscriber-overflow.test.ts',
  'test/auth/api-timestamp.test.ts',
  'test/config.test.ts',
  'test/http/capture-page-config.test.ts',
  'test/http/error-masking.test.ts',
  'test/http/graphql-descriptions.test.ts',
  'test/http/request-target.test.ts',
  'test/http/shared-subscriptions.test.ts',
  'test/inspections/public-url-hint.test.ts',
  'test/qc/metrics.test.ts',
  'test/reports/report-model.test.ts',
  'test/store/server-checks.test.ts',
  'test/webhooks/request-slots.test.ts',
  'test/webhooks/retry-schedule.test.ts',
  'test/webhooks/settlement-policy.test.ts',
  'test/webhooks/signing.test.ts',
  'test/webhooks/target-guard.test.ts',
  'test/webhooks/webhook-config.test.ts',
  'test/workers/guarded-reader.test.ts',
];

/** Pages in a real Chromium (test/browser/browser.ts). */
const BROWSER_TESTS = ['test/browser/**/*.test.ts', 'test/http/graphiql-page.test.ts'];

/** The whole service answering over HTTP and WebSocket as a client would use it. */
const E2E_TESTS = ['test/e2e/**/*.test.ts'];

const ALL_TESTS = ['test/**/*.test.ts'];

/** Cases only a real MongoDB can show; the file says how to run it. Without MONGODB_URL it is left out, not skipped. */
const MONGODB_ONLY_TESTS = process.env.MONGODB_URL ? [] : ['test/store/mongodb-only.test.ts'];

export default defineConfig({
  // One graphql instance: the CommonJS build that Node loads for every dependency (graphql has no "exports" map,
  // so Vite would otherwise pick index.mjs for our code and break instanceof checks across the two copies).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One test file per core. On 2 cores, loaded (load average 15-18 beside it): 474 s with 2 workers, 571 s with 3,
    // 514 s with 4. Quiet, the same day: 363 and 341 s with 2, 308 and 350 s with 3, 333 s with 4 — no more
    // workers than cores wins within the noise of one run, and a worker less imports the app once less.
    maxWorkers: availableParallelism(),
    // Test files share their worker's module cache: importing the app once per worker instead of once per file
    // saves ~150 s of worker time. Nothing of ours keeps state at module level that a test depends on.
    isolate: false,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_TESTS } },
      {
        extends: true,
        // Components on the run's database and Redis (test/global-setup.ts): stores, use cases, workers, the server
        // started in the test's own process.
        test: {
          name: 'in-process',
          include: ALL_TESTS,
          exclude: [...configDefaults.exclude, ...SOAK_TESTS, ...UNIT_TESTS, ...BROWSER_TESTS, ...E2E_TESTS, ...MONGODB_ONLY_TESTS],
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { extends: true, test: { name: 'e2e', include: E2E_TESTS, exclude: [...configDefaults.exclude, ...SOAK_TESTS], globalSetup: ['test/global-setup.ts'] } },
      { extends: true, test: { name: 'browser', include: BROWSER_TESTS, globalSetup: ['test/global-setup.ts'] } },
    ],
  },
});
