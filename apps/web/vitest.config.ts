import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A journey typed key by key in jsdom takes seconds when `npm test` runs every workspace at
    // once on two cores; the default 5 s cut some short.
    testTimeout: 20_000,
  },
});
