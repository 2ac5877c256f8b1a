import { defineConfig } from 'vitest/config';

// Every workspace brings its own vitest.config.ts; `npm test` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'architecture'],
  },
});
