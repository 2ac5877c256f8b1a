import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { studentNumbering, students } from './students.tables';

/**
 * Reserves `count` matricule numbers of the school's sequence and returns the prefix and the
 * first one. The row lock serialises concurrent creations: numbers are never shared nor reused.
 */
export async function reserveMatricules(db: DbOrTx, organizationId: string, count: number) {
  const [row] = await db
    .insert(studentNumbering)
    .values({ organizationId, lastNumber: count })
    .onConflictDoUpdate({
      target: studentNumbering.organizationId,
      set: { lastNumber: sql`${studentNumbering.lastNumber} + ${count}` },
    })
    .returning();
  return { prefix: row!.prefix, first: row!.lastNumber - count + 1 };
}

export function formatMatricule(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(3, '0')}`;
}

export async function findNumbering(db: DbOrTx, organizationId: string) {
  const [row] = await db
    .select()
    .from(studentNumbering)
    .where(eq(studentNumbering.organizationId, organizationId));
  return row ?? { organizationId, prefix: 'STU', lastNumber: 0 };
}

export async function setMatriculePrefix(db: DbOrTx, organizationId: string, prefix: string) {
  await db
    .insert(studentNumbering)
    .values({ organizationId, prefix })
    .onConflictDoUpdate({ target: studentNumbering.organizationId, set: { prefix } });
}

/** Moves the sequence past `number` (an imported matricule of the same prefix). */
export async function advanceMatriculeSequence(db: DbOrTx, organizationId: string, number: number) {
  await db
    .insert(studentNumbering)
    .values({ organizationId, lastNumber: number })
    .onConflictDoUpdate({
      target: studentNumbering.organizationId,
      set: { lastNumber: sql`greatest(${studentNumbering.lastNumber}, ${number})` },
    });
}

export async function matriculeExists(db: DbOrTx, organizationId: string, matricule: string) {
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.organizationId, organizationId), eq(students.matricule, matricule)));
  return row !== undefined;
}
