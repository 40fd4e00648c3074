// Mutation testing of the rules (`npm run test:mutation`): Stryker changes the pure code one small thing at a time
// (a comparison flipped, a condition dropped, a string emptied) and runs the unit tests against each change; a change
// no test notices is a rule a newcomer could break unseen. The report names every surviving change by file and line.
// Stryker 9: version 10 needs Node 22, and the suite runs on Node 20 too.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  // The rules with the most branches; `-m <file>` mutates another (e.g. `npm run test:mutation -- -m src/domain/grading.ts`).
  mutate: [
    'src/domain/statuses.ts',
    'src/domain/odometer.ts',
    'src/domain/vin.ts',
    'src/domain/vehicle-check.ts',
    'src/domain/capture-scope.ts',
    'src/domain/session-export.ts',
    'src/domain/session-search.ts',
    'src/domain/grading.ts',
    'src/domain/results.ts',
    'src/domain/idempotency.ts',
    'src/domain/callback-disabling.ts',
    // The delivery engine's pure parts: its schedule, its verdicts, its slots.
    'src/webhooks/retry-schedule.ts',
    'src/webhooks/settlement-policy.ts',
    'src/webhooks/request-slots.ts',
    'src/webhooks/target-guard.ts',
  ],
  coverageAnalysis: 'perTest',
  ignorePatterns: ['docs/screenshots', 'bench', 'build', 'packages', 'test/fixtures/**/*.jpg', '.stryker-tmp', 'reports'],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/rules.json' },
  clearTextReporter: { allowColor: false, logTests: false },
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
};
