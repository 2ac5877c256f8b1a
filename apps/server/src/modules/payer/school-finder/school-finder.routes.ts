import {
  SCHOOL_SEARCH_MAX_LENGTH,
  schoolSearchSchema,
  SchoolFinderMessages,
} from '@ecolage/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchSchools } from '../../organizations';
import { sendPayerPage } from '../payer-page';
import type { PayerRoutesOptions } from '../payer.routes';
import {
  FINDER_ADDRESS,
  FINDER_TITLE,
  schoolFinderBody,
  type SchoolFinderView,
} from './school-finder-view';

/**
 * Per-IP budget of searches, like the pay page's forms. A search is a read, and a parent may
 * retype a name once or twice, hence more than a form's 10; listing every school stays out of
 * reach all the same (two letters at least, ten schools an answer).
 */
const SEARCH_LIMIT = { max: 20, timeWindow: '10 minutes' };

/** The page without a search (`/form`) costs nothing; each search (`/form?q=…`) counts. */
function isSearch(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.q !== undefined;
}

/** The term as typed, to show again in the field (only a string of a sensible length). */
function typedTerm(request: FastifyRequest): string {
  const { q } = (request.query ?? {}) as { q?: unknown };
  return typeof q === 'string' ? q.slice(0, SCHOOL_SEARCH_MAX_LENGTH * 2) : '';
}

/**
 * `/form` (the spec's route): the public entry of a parent who has no link. They find the school
 * by its name or its city — accents, case and punctuation aside, active schools only — then go to
 * its pay page or its pre-registration form. A plain GET form: it works without script.
 */
export const schoolFinderRoutes: FastifyPluginAsyncZod<PayerRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options.context;

  function send(reply: FastifyReply, view: SchoolFinderView, status = 200) {
    const title = view.found && view.term ? `Écoles pour «\u00a0${view.term}\u00a0»` : FINDER_TITLE;
    const page = { title: `${title} · Écolage`, body: schoolFinderBody(view) };
    return sendPayerPage(reply, { ...page, assets: options.assets, purpose: 'finder' }, status);
  }

  // Over the budget: the page again, with why, rather than the API's JSON error.
  app.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    if (error.statusCode !== 429) throw error;
    const view = { term: typedTerm(request), alert: SchoolFinderMessages.tooManySearches };
    return send(reply, view, 429);
  });

  app.get(
    FINDER_ADDRESS,
    {
      config: {
        public: true,
        rateLimit: { ...SEARCH_LIMIT, allowList: (request: FastifyRequest) => !isSearch(request) },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!isSearch(request)) return send(reply, {});
      const parsed = schoolSearchSchema.safeParse(request.query);
      if (!parsed.success) {
        const error = parsed.error.issues[0]?.message ?? SchoolFinderMessages.termRequired;
        return send(reply, { term: typedTerm(request), error }, 400);
      }
      const { q: term } = parsed.data;
      return send(reply, { term, found: await searchSchools(db, term) });
    },
  );
};
