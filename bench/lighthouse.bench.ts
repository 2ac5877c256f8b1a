// Lighthouse 12 (mobile emulation, simulated throttling) on the public pages, in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/support/browser';
import { root } from './lib/product-server';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

function runOnce(url: string): { scores: Scores; failedAudits: string[] } {
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
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
        '--quiet',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`lighthouse a échoué : ${result.stderr}`);
    const report = JSON.parse(readFileSync(output, 'utf8'));
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((report.categories[id]?.score ?? 0) * 100)]),
    ) as Scores;
    const failedAudits = Object.values(
      report.audits as Record<
        string,
        { id: string; score: number | null; scoreDisplayMode: string }
      >,
    )
      .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
      .map((audit) => audit.id);
    return { scores, failedAudits };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median of `runs` runs per page (performance varies from run to run; the others do not). */
export function benchLighthouse(baseUrl: string, pages = ['/', '/about'], runs = 3) {
  return pages.map((page) => {
    const results = Array.from({ length: runs }, () => runOnce(`${baseUrl}${page}`));
    const median = (id: keyof Scores) =>
      results.map((result) => result.scores[id]).sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
    return {
      page,
      performance: median('performance'),
      accessibility: median('accessibility'),
      bestPractices: median('best-practices'),
      seo: median('seo'),
      failedAudits: [...new Set(results.flatMap((result) => result.failedAudits))],
      runs,
    };
  });
}
