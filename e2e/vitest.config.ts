import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The journeys share one server and its demo school, one after the other. « Statistiques » reads
 * every other journey's payments as deltas and pays on the pay page itself: it runs last, so the
 * journeys written before it find the demo as they always have (run before the cash desk's, after
 * the accounting one's, it left Abla Kuassi's desk without open invoices; not yet understood).
 */
class StatisticsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) =>
      file.moduleId.endsWith('statistics-journey.e2e.test.ts');
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

// Browser journeys against the production build (`npm run build` first), in Debian's Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/server.global-setup.ts'],
    fileParallelism: false,
    sequence: { sequencer: StatisticsLast },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
