import { defineConfig } from 'vitest/config';

// Unit tests are fast and need nothing; integration tests start a real Chroma server and
// load real e5 weights; e2e drives Debian Chromium against `npm run web`.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'int',
          include: ['test/int/**/*.int.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        // Hostile files through the CLI, each in a process capped at a 2 GB heap.
        test: {
          name: 'hostile',
          include: ['test/hostile/**/*.test.ts'],
          testTimeout: 200_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.spec.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // The UI fills lists after the model and the store answer; on a loaded 2-core machine
          // that takes seconds, not vitest's default one second of polling.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
