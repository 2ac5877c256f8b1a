import { testClockBodySchema, testClockSchema } from '@ecolage/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../db/database';
import { readTestClock, setTestClock } from './test-clock';

export interface TestClockRoutesOptions {
  db: Database;
  /** After the clock moved: what the calendar drives runs now (planning, sending, summaries). */
  onMoved: () => Promise<void>;
}

/**
 * `GET|PUT /api/test-clock`: registered only with TEST_CLOCK=enabled (journeys and demos, where
 * every provider is the local simulator), hence public. Moving it starts the clock-driven jobs at
 * once so a journey does not wait for their next tick.
 */
export const testClockRoutes: FastifyPluginAsyncZod<TestClockRoutesOptions> = async (
  app,
  options,
) => {
  const answer = (state: { at: Date; offsetMs: number }) => ({
    at: state.at.toISOString(),
    offsetMs: state.offsetMs,
  });
  app.get(
    '/api/test-clock',
    {
      config: { public: true },
      schema: {
        tags: ['Système'],
        summary: 'Horloge de test (TEST_CLOCK=enabled)',
        response: { 200: testClockSchema },
      },
    },
    async () => answer(await readTestClock(options.db)),
  );
  app.put(
    '/api/test-clock',
    {
      config: { public: true },
      schema: {
        tags: ['Système'],
        summary: 'Déplacer l’horloge de test (TEST_CLOCK=enabled)',
        body: testClockBodySchema,
        response: { 200: testClockSchema },
      },
    },
    async (request) => {
      const state = await setTestClock(options.db, new Date(request.body.at));
      await options.onMoved();
      return answer(state);
    },
  );
};
