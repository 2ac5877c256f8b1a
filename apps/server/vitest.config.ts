import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./src/test/global-setup.ts'],
    // Each file gets its own database; a few files at a time keep the engine responsive on 2 cores.
    pool: 'forks',
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
