// `npm run test:soak`: the soak alone, with everything else of the main configuration.
import { configDefaults, defineConfig } from 'vitest/config';
import main, { SOAK_TESTS } from './vitest.config.js';

export default defineConfig({ ...main, test: { ...main.test, include: SOAK_TESTS, exclude: configDefaults.exclude } });
