import { configureProperties } from './property.ts';

// Runs in every test file before its tests (vitest.config.ts, setupFiles).
configureProperties();
