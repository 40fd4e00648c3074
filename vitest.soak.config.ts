// `npm run test:soak`: the soak and the other load-sensitive tests, one file at a time, with the database and Redis of
// the main configuration's in-process project.
import { configDefaults, defineConfig } from 'vitest/config';
import main, { SOAK_TESTS } from './vitest.config.js';

const { projects: _projects, ...shared } = main.test ?? {};

export default defineConfig({
  ...main,
  test: { ...shared, include: SOAK_TESTS, exclude: configDefaults.exclude, globalSetup: ['test/global-setup.ts'], fileParallelism: false },
});
