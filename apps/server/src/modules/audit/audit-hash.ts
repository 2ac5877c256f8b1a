import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so that jsonb's key reordering keeps hashes stable. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface HashedFields {
  organizationId: string | null;
  actorType: string;
  actorUserId: string | null;
  actorLabel: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  category: string;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent?: string | null;
  createdAt: Date;
  previousHash: string | null;
}

/** SHA-256 of an entry's content chained to the previous entry's hash. */
export function hashAuditEntry(fields: HashedFields): string {
  // Name every field: a stored row carries more (id, hash) that must not enter its own hash.
  const content = {
    organizationId: fields.organizationId,
    actorType: fields.actorType,
    actorUserId: fields.actorUserId,
    actorLabel: fields.actorLabel,
    action: fields.action,
    resourceType: fields.resourceType,
    resourceId: fields.resourceId,
    category: fields.category,
    details: fields.details,
    ip: fields.ip,
    // Left out when absent, so entries written before the column existed keep their hash.
    userAgent: fields.userAgent ?? undefined,
    createdAt: fields.createdAt.toISOString(),
    previousHash: fields.previousHash,
  };
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
