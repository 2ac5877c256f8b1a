import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';

/** A table whose rows belong to one school. */
interface SchoolTable {
  organizationId: AnyColumn;
}

/**
 * The join of a row to the row it refers to, within one school:
 * `a.organization_id = b.organization_id and a.<aKey> = b.<bKey>` (every foreign key of the
 * schema carries the school, so every join says both).
 */
export function sameSchool(a: SchoolTable, aKey: AnyColumn, b: SchoolTable, bKey: AnyColumn): SQL {
  return and(eq(a.organizationId, b.organizationId), eq(aKey, bKey))!;
}
