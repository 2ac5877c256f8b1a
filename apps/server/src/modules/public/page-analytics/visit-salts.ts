import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { JobDefinition } from '../../../platform/jobs/jobs';

/** A salt lives two days: current for one, previous for the next (a visit spans midnight). */
const SALT_LIFETIME_HOURS = 48;
/** Any key of its own for the advisory lock that creates the first salt. */
const FIRST_SALT_LOCK = 0x5a17_0001;

export interface VisitSalts {
  current: Buffer;
  previous: Buffer | null;
}

async function newestSalts(db: DbOrTx, now: Date): Promise<Buffer[]> {
  const { rows } = await db.execute<{ salt: Buffer }>(sql`
    select salt from visit_salts
     where created_at > ${now}::timestamptz - make_interval(hours => ${SALT_LIFETIME_HOURS})
     order by created_at desc, id desc limit 2`);
  return rows.map((row) => row.salt);
}

/**
 * The current salt and the previous one; the first salt is made at first need (one, whoever
 * asks at the same time).
 */
export async function visitSalts(db: DbOrTx, now: Date): Promise<VisitSalts> {
  let salts = await newestSalts(db, now);
  if (salts.length === 0) {
    salts = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_SALT_LOCK})`);
      const found = await newestSalts(tx, now);
      if (found.length > 0) return found;
      await insertSalt(tx, now);
      return newestSalts(tx, now);
    });
  }
  return { current: salts[0]!, previous: salts[1] ?? null };
}

async function insertSalt(db: DbOrTx, now: Date) {
  await db.execute(
    sql`insert into visit_salts (salt, created_at) values (${randomBytes(16)}, ${now})`,
  );
}

/**
 * A new current salt; the one before stays as previous; salts older than 48 hours (or beyond
 * those two) are deleted: the day before yesterday's visitors can no longer be told apart from
 * anyone. A run repeated within the hour (a retry) makes no other salt.
 */
export async function rotateVisitSalts(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_SALT_LOCK})`);
    const { rows } = await tx.execute<{ fresh: boolean }>(sql`
      select exists (select 1 from visit_salts
                      where created_at > ${now}::timestamptz - interval '1 hour'
                        and created_at <= ${now}::timestamptz) as fresh`);
    if (!rows[0]?.fresh) await insertSalt(tx, now);
    await tx.execute(sql`
      delete from visit_salts
       where created_at <= ${now}::timestamptz - make_interval(hours => ${SALT_LIFETIME_HOURS})
          or id not in (select id from visit_salts order by created_at desc, id desc limit 2)`);
  });
}

/** Every night at midnight in Lomé (UTC): a new salt (the job logs no salt). */
export function rotateVisitSaltsJob(
  db: Database,
  now: () => Date = () => new Date(),
): JobDefinition {
  return {
    name: 'public.rotate-visit-salts',
    schedule: { cron: '0 0 * * *' },
    async run() {
      await rotateVisitSalts(db, now());
    },
  };
}
