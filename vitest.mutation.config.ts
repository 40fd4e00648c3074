// `npm run test:mutation` (stryker.config.mjs): the unit project alone, which is what the mutants of the pure code
// are run against — no database, no server, so each mutant is judged in milliseconds.
import { defineConfig } from 'vitest/config';
import main, { UNIT_TESTS } from './vitest.config.js';

const { projects: _projects, ...shared } = main.test ?? {};

export default defineConfig({
  ...main,
  // Each file imports the code afresh: a mutant of a module-level value (a table, a constant) only shows in a fresh import.
  test: { ...shared, include: UNIT_TESTS, isolate: true },
});
