// `npm run test:soak`: the soak and the other load-sensitive tests, one file at a time, with everything else of the main
// configuration.
import { configDefaults, defineConfig } from 'vitest/config';
import main, { SOAK_TESTS } from './vitest.config.js';

export default defineConfig({ ...main, test: { ...main.test, include: SOAK_TESTS, exclude: configDefaults.exclude, fileParallelism: false } });
