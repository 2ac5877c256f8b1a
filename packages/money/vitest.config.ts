import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'money',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
