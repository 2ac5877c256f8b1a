import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database';
import { sameSchool } from '../../platform/db/tenant-join';
import { guardians, studentGuardians, students } from './students.tables';

/**
 * The distinct contacts of the school's guardians of active (not archived) students, for one
 * channel: their E.164 phones (`sms`) or their e-mails lower-cased (`email`, those who have one).
 * A family with three children is one contact. Sorted, so a sending is the same every time.
 */
export async function guardianContactsOfActiveStudents(
  db: DbOrTx,
  organizationId: string,
  channel: 'sms' | 'email',
): Promise<string[]> {
  const contact =
    channel === 'sms' ? sql<string>`${guardians.phone}` : sql<string>`lower(${guardians.email})`;
  const rows = await db
    .selectDistinct({ contact })
    .from(guardians)
    .innerJoin(
      studentGuardians,
      sameSchool(studentGuardians, studentGuardians.guardianId, guardians, guardians.id),
    )
    .innerJoin(
      students,
      sameSchool(students, students.id, studentGuardians, studentGuardians.studentId),
    )
    .where(
      and(
        eq(guardians.organizationId, organizationId),
        eq(students.status, 'active'),
        isNull(students.archivedAt),
        channel === 'email' ? sql`${guardians.email} like '%@%'` : undefined,
      ),
    )
    .orderBy(contact);
  return rows.map((row) => row.contact);
}
