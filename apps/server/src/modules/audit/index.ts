/** Audit journal: every mutation records an entry in its own transaction. */
export {
  insertAuditEntries as recordAuditEntries,
  insertAuditEntry as recordAuditEntry,
  type AuditEntryInput,
} from './audit.repository';
export { verifyAuditChain, type AuditChainCheck } from './audit.service';
export type { AuditCategory, AuditEntry } from './audit.tables';
export { auditRoutes } from './audit.routes';
export type { JournalMembers } from './audit-journal.service';
export { verifyAllChains } from './audit-journal.service';
