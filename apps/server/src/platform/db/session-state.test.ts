import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../paths';

/**
 * Behind a transaction pooler (PgBouncer, pool_mode = transaction) each transaction may run on
 * another server connection: what a session keeps between transactions is lost, or worse, left
 * for another client. The server's code must rely on none of it (decision: DATABASE_DIRECT_URL
 * for what needs a session). Each rule reads the source as text: cheap, and it names the line.
 */
interface Rule {
  what: string;
  pattern: RegExp;
  /** Files (from src/) where it is the point: the session connections on DATABASE_DIRECT_URL. */
  allowedIn?: readonly string[];
}

const RULES: readonly Rule[] = [
  {
    what: 'LISTEN/UNLISTEN outside the listening connections (they use DATABASE_DIRECT_URL)',
    pattern: /['"`]\s*(un)?listen\s+[\w${*]/i,
    allowedIn: ['platform/live/live-bus.ts', 'modules/messaging/message-dispatch.ts'],
  },
  {
    what: 'a session advisory lock (pg_advisory_xact_lock instead)',
    pattern: /pg_(try_)?advisory_(un)?lock(_shared|_all)?\s*\(/i,
  },
  {
    what: 'a session SET (SET LOCAL, or set_config(…, true), lasts the transaction only)',
    pattern:
      /['"`]\s*set\s+(session\s+)?(?!local\b|transaction\b|constraints\b)[a-z_.]+\s*(=|to\b)/i,
  },
  {
    what: 'a session set_config (its third argument must be true)',
    pattern: /set_config\s*\([^)]*,\s*false\s*\)/i,
  },
  {
    what: 'a named prepared statement (kept by one server connection only)',
    pattern: /\.query\(\s*\{[^}]*\bname\s*:|\.prepare\(\s*['"`]|['"`]\s*prepare\s+\w+\s+(as|\()/i,
  },
  {
    what: 'a cursor kept after its transaction (WITH HOLD)',
    pattern: /\bwith\s+hold\b/i,
  },
  {
    what: 'a temporary table outliving its transaction (ON COMMIT DROP)',
    pattern: /create\s+(temp|temporary)\s+table(?![^;`]*on\s+commit\s+drop)/i,
  },
];

interface Finding {
  file: string;
  line: number;
  what: string;
  text: string;
}

/** The rules' findings in one file's text (`file` from src/). */
export function sessionStateFindings(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    if (rule.allowedIn?.includes(file)) continue;
    const global = new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
    for (const match of source.matchAll(global)) {
      const line = source.slice(0, match.index).split('\n').length;
      findings.push({ file, line, what: rule.what, text: match[0] });
    }
  }
  return findings;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('No session state across transactions (PgBouncer in transaction mode)', () => {
  it('the server source keeps none', () => {
    const src = path.join(serverRoot, 'src');
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(300);
    const findings = files.flatMap((file) =>
      sessionStateFindings(
        path.relative(src, file).split(path.sep).join('/'),
        readFileSync(file, 'utf8'),
      ),
    );
    expect(findings).toEqual([]);
  });

  it('catches each kind of session state', () => {
    const samples: Record<string, string> = {
      listen: "await client.query('listen live_updates');",
      unlisten: 'await client.query(`UNLISTEN ${channel}`);',
      lock: "await client.query('select pg_advisory_lock($1)', [key]);",
      unlock: 'sql`select pg_advisory_unlock(${key})`',
      tryLock: "'select pg_try_advisory_lock(1)'",
      set: 'await client.query("set work_mem = \'64MB\'");',
      setSession: "'SET SESSION statement_timeout TO 1000'",
      setConfig: "sql`select set_config('app.school', ${id}, false)`",
      named: "client.query({ name: 'find-student', text: 'select 1', values: [] })",
      drizzlePrepared: "db.select().from(students).prepare('students_by_school')",
      hold: "'declare c cursor with hold for select 1'",
      temp: "'create temporary table t (id int)'",
    };
    for (const [kind, text] of Object.entries(samples)) {
      expect(sessionStateFindings('modules/x/x.ts', text), kind).toHaveLength(1);
    }
  });

  it('leaves what lasts one transaction alone', () => {
    const allowed = [
      'await client.query("set local work_mem = \'64MB\'");',
      'sql`select pg_advisory_xact_lock(hashtext(${key}))`',
      'sql`select pg_advisory_xact_lock_shared(${key})`',
      "sql`select set_config('ecolage.deferred', ${flag}, true)`",
      "'set transaction isolation level serializable'",
      "'create temp table t (id int) on commit drop'",
      'sql`update students set name = ${name}`',
      '// one LISTEN connection per process',
    ];
    for (const text of allowed) expect(sessionStateFindings('modules/x/x.ts', text)).toEqual([]);
    expect(
      sessionStateFindings('platform/live/live-bus.ts', 'await next.query(`listen ${CHANNEL}`);'),
    ).toEqual([]);
  });
});
