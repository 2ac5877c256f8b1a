import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'architecture',
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
