/**
 * The module boundaries (`.dependency-cruiser.cjs`, decisions/0015) fail on a planted violation of
 * each kind and pass on the real tree; the named cross-module reads (`*.reads.ts`) only read and
 * are each listed in docs/architecture.md.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const config = path.join(root, '.dependency-cruiser.cjs');
const depcruise = path.join(root, 'node_modules', '.bin', 'depcruise');
const SCANNED = ['apps/server/src', 'apps/web/src'];

interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Runs the rule exactly as `npm run lint` does, in `cwd`, and returns what it refuses. */
async function violationsIn(cwd: string): Promise<Violation[]> {
  const args = [...SCANNED, '--config', config, '--output-type', 'json'];
  const { stdout } = await promisify(execFile)(depcruise, args, {
    cwd,
    maxBuffer: 256 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return result.summary.violations
    .map(({ rule, from, to }) => ({ rule: rule.name, from, to }))
    .sort((a, b) => `${a.rule}${a.from}`.localeCompare(`${b.rule}${b.from}`));
}

const server = (file: string) => `apps/server/src/${file}`;

describe('the module boundary rule', () => {
  it('refuses a planted violation of each kind, and only those', async () => {
    const violations = await violationsIn(path.join(root, 'architecture/fixtures/planted'));
    const expected: Violation[] = [
      {
        rule: 'composition-only-through-index',
        from: server('app.ts'),
        to: server('modules/payments/attempts.repository.ts'),
      },
      {
        rule: 'index-exports-no-tables',
        from: server('modules/payments/index.ts'),
        to: server('modules/payments/payments.tables.ts'),
      },
      {
        rule: 'modules-never-reach-the-schema',
        from: server('modules/receipts/receipts.service.ts'),
        to: server('db-schema.ts'),
      },
      {
        rule: 'only-through-index',
        from: server('modules/receipts/receipts.service.ts'),
        to: server('modules/payments/attempts.repository.ts'),
      },
      {
        rule: 'platform-knows-no-domain',
        from: server('platform/db/database.ts'),
        to: server('db-schema.ts'),
      },
      {
        rule: 'routes-never-reach-repositories',
        from: server('modules/payments/payments.routes.ts'),
        to: server('modules/payments/attempts.repository.ts'),
      },
      {
        rule: 'tables-and-reads-only-reach-tables',
        from: server('modules/receipts/receipt-list.reads.ts'),
        to: server('modules/payments/attempts.repository.ts'),
      },
      {
        rule: 'upstream-never-imports-downstream',
        from: server('modules/payments/desk.tables.ts'),
        to: server('modules/cash-desk/cash-desk.tables.ts'),
      },
      {
        rule: 'upstream-never-imports-downstream',
        from: server('modules/payments/payment-view.ts'),
        to: server('modules/receipts/index.ts'),
      },
      {
        rule: 'web-imports-no-server',
        from: 'apps/web/src/main.ts',
        to: server('app.ts'),
      },
    ];
    expect(violations).toEqual(expected);
  });

  it('passes on the real tree', async () => {
    expect(await violationsIn(root)).toEqual([]);
  });
});

/** Every `*.reads.ts` of the server, relative to the repository root. */
function readFiles(): string[] {
  const modules = path.join(root, 'apps/server/src/modules');
  return readdirSync(modules, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.reads.ts'))
    .map((file) => path.join('apps/server/src/modules', file))
    .sort();
}

describe('the named cross-module reads', () => {
  it('never write', () => {
    const writing = readFiles().filter((file) => {
      const code = readFileSync(path.join(root, file), 'utf8');
      return (
        /\.(insert|update|delete)\s*\(/.test(code) ||
        /\b(insert\s+into|update\s+\w+\s+set|delete\s+from|truncate)\b/i.test(code)
      );
    });
    expect(writing).toEqual([]);
  });

  it('are each listed in docs/architecture.md', () => {
    const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');
    const unlisted = readFiles().filter(
      (file) => !doc.includes(file.replace('apps/server/src/modules/', '')),
    );
    expect(unlisted).toEqual([]);
  });
});
