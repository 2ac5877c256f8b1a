// Lighthouse 12 (mobile emulation, simulated throttling) on the public pages, in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { root } from './lib/product-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

/**
 * The journeys' flags, with the headless mode named: since Chromium 132 `--headless` is the new
 * headless mode (the old one left the browser), and saying so keeps an older Chromium, whose
 * `--headless` meant the old mode, from tracing differently.
 */
export const LIGHTHOUSE_CHROME_FLAGS = CHROMIUM_ARGS.map((flag) =>
  flag === '--headless' ? '--headless=new' : flag,
);
/** A run that has not finished in this time is a failed run (a hung page, a lost browser). */
const RUN_TIMEOUT_MS = 180_000;
/** Failed runs allowed per page beyond the runs asked for, before the page is given up (default). */
const EXTRA_ATTEMPTS = 2;

/** Why a run gave no scores: Lighthouse's own code (NO_NAVSTART, NO_FCP…) and its sentence. */
export interface RunFailure {
  code: string;
  message: string;
}

type RunOutcome =
  { ok: true; scores: Scores; failedAudits: string[] } | { ok: false; failure: RunFailure };

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string }>;
}

/** The last lines of a process's output, enough to say why without pages of log. */
const tail = (text: string, lines = 6) => text.trim().split('\n').slice(-lines).join('\n');

function outcomeOf(report: LighthouseReport): RunOutcome {
  // The CLI saves the report before exiting with an error: its runtimeError says why.
  if (report.runtimeError) {
    const { code, message } = report.runtimeError;
    return { ok: false, failure: { code, message } };
  }
  const missing = CATEGORIES.filter((id) => typeof report.categories[id]?.score !== 'number');
  if (missing.length > 0) {
    return {
      ok: false,
      failure: { code: 'NO_SCORE', message: `pas de score pour ${missing.join(', ')}` },
    };
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]),
  ) as Scores;
  const failedAudits = Object.entries(report.audits)
    .filter(([, audit]) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map(([id]) => id);
  return { ok: true, scores, failedAudits };
}

function runOnce(url: string): RunOutcome {
  const dir = mkdtempSync(path.join(tmpdir(), 'ecolage-lh-'));
  const output = path.join(dir, 'report.json');
  try {
    const result = spawnSync(
      path.join(root, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        `--chrome-flags=${LIGHTHOUSE_CHROME_FLAGS.join(' ')}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        encoding: 'utf8',
        timeout: RUN_TIMEOUT_MS,
        killSignal: 'SIGKILL',
      },
    );
    if (existsSync(output)) {
      return outcomeOf(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport);
    }
    const code = result.error ? 'LIGHTHOUSE_NOT_RUN' : `EXIT_${result.status ?? result.signal}`;
    const message = result.error?.message ?? (tail(result.stderr ?? '') || 'aucun rapport écrit');
    return { ok: false, failure: { code, message } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface PageScores {
  page: string;
  /** Medians of the runs that gave scores (absent when none did). */
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  seo?: number;
  failedAudits: string[];
  /** Runs that gave scores. */
  runs: number;
  /** Runs that did not, and why: a failing page says so instead of stopping the others. */
  failures: RunFailure[];
}

function scoresOf(page: string, url: string, runs: number, extraAttempts: number): PageScores {
  const succeeded: Extract<RunOutcome, { ok: true }>[] = [];
  const failures: RunFailure[] = [];
  while (succeeded.length < runs && failures.length <= extraAttempts) {
    const outcome = runOnce(url);
    if (outcome.ok) succeeded.push(outcome);
    else {
      failures.push(outcome.failure);
      console.error(`lighthouse ${page} : ${outcome.failure.code} — ${outcome.failure.message}`);
    }
  }
  const median = (id: keyof Scores) =>
    succeeded.length === 0
      ? undefined
      : succeeded.map((run) => run.scores[id]).sort((a, b) => a - b)[
          Math.floor(succeeded.length / 2)
        ];
  return {
    page,
    performance: median('performance'),
    accessibility: median('accessibility'),
    bestPractices: median('best-practices'),
    seo: median('seo'),
    failedAudits: [...new Set(succeeded.flatMap((run) => run.failedAudits))],
    runs: succeeded.length,
    failures,
  };
}

/**
 * Median of `runs` runs per page (performance varies from run to run; the others do not). A run
 * that fails is tried again, up to `extraAttempts` failures beyond the runs asked for; a page that
 * still has no scores is reported with its failures, and the other pages are measured all the same.
 */
export function benchLighthouse(
  baseUrl: string,
  pages = ['/', '/about'],
  runs = 3,
  extraAttempts = EXTRA_ATTEMPTS,
): PageScores[] {
  return pages.map((page) => scoresOf(page, `${baseUrl}${page}`, runs, extraAttempts));
}
