import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { testClock } from './test-clock.tables';

/**
 * The application's « now » for what the calendar drives (reminders planned and sent, the weekly
 * summary). In production it is the machine's time, without a query. With TEST_CLOCK=enabled (an
 * end-to-end journey, a demo) it is the real time moved by the offset `PUT /api/test-clock` set:
 * a journey jumps to « three days before the due date » without waiting three days.
 */
export function testClockEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TEST_CLOCK === 'enabled';
}

async function readOffsetMs(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ offsetMs: testClock.offsetMs })
    .from(testClock)
    .where(eq(testClock.id, 1));
  return row?.offsetMs ?? 0;
}

/** Now, or the test clock's now when it is enabled. */
export async function currentTime(db: DbOrTx): Promise<Date> {
  if (!testClockEnabled()) return new Date();
  return new Date(Date.now() + (await readOffsetMs(db)));
}

export interface TestClockState {
  /** The application's now. */
  at: Date;
  /** How far it is from the real time (ms, may be negative). */
  offsetMs: number;
}

export async function readTestClock(db: DbOrTx): Promise<TestClockState> {
  const offsetMs = await readOffsetMs(db);
  return { at: new Date(Date.now() + offsetMs), offsetMs };
}

/** Moves the test clock so that now is `at` (forwards or backwards). */
export async function setTestClock(db: DbOrTx, at: Date): Promise<TestClockState> {
  const offsetMs = at.getTime() - Date.now();
  await db
    .insert(testClock)
    .values({ id: 1, offsetMs })
    .onConflictDoUpdate({
      target: testClock.id,
      set: { offsetMs, updatedAt: sql`now()` },
    });
  return { at, offsetMs };
}
