import {
  baseCharts,
  chartLabelOf,
  internalAccounts,
  isChartAccount,
  type AccountMapping,
  type AccountMappingUpdate,
  type BaseChart,
} from '@ecolage/contracts';
import type { Database, DbOrTx } from '../../../platform/db/database';
import { domainError } from '../../../platform/errors';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import type { AccountMap } from './journal-format';
import {
  findAccountMappings,
  findBaseChart,
  lockChartSettings,
  replaceAccountMapping,
} from './journal.repository';

/** The school's chart and, for each of Écolage's accounts, its account (saved or default). */
export async function getAccountMapping(
  db: DbOrTx,
  organizationId: string,
): Promise<AccountMapping> {
  const [baseChart, saved] = await Promise.all([
    findBaseChart(db, organizationId),
    findAccountMappings(db, organizationId),
  ]);
  const byAccount = new Map(saved.map((row) => [row.internalAccount, row]));
  return {
    baseChart,
    lines: internalAccounts.map((internal) => {
      const own = byAccount.get(internal.account);
      const fallback = internal.defaults[baseChart];
      return {
        internalAccount: internal.account,
        internalLabel: internal.label,
        account: own?.account ?? fallback.account,
        label: own?.label ?? fallback.label,
        isDefault: !own,
      };
    }),
  };
}

/** The map the exports apply (every known account, saved or default). */
export async function accountMapOf(
  db: DbOrTx,
  organizationId: string,
): Promise<{ chart: BaseChart; map: AccountMap }> {
  const mapping = await getAccountMapping(db, organizationId);
  return {
    chart: mapping.baseChart,
    map: new Map(mapping.lines.map((line) => [line.internalAccount, line])),
  };
}

/**
 * Saves the school's chart and mapping: each target must be an account of the chart or a
 * sub-account of one (422 ACCOUNT_UNKNOWN naming the line); a line equal to the chart's default
 * is not stored (it follows the defaults). Audited with what changed.
 */
export async function updateAccountMapping(
  db: Database,
  acting: ActingMember,
  update: AccountMappingUpdate,
): Promise<AccountMapping> {
  const { organizationId } = acting;
  const known = new Map(internalAccounts.map((internal) => [internal.account, internal]));
  const rows: { internalAccount: string; account: string; label: string }[] = [];
  const seen = new Set<string>();
  for (const [index, line] of update.lines.entries()) {
    const internal = known.get(line.internalAccount);
    if (!internal || seen.has(line.internalAccount)) {
      throw domainError(
        'ACCOUNT_UNKNOWN',
        { line: line.internalAccount, account: line.internalAccount },
        { field: `lines.${index}.internalAccount` },
      );
    }
    seen.add(line.internalAccount);
    if (!isChartAccount(update.baseChart, line.account)) {
      throw domainError(
        'ACCOUNT_UNKNOWN',
        { line: `${internal.account} — ${internal.label}`, account: line.account },
        { field: `lines.${index}.account`, statusCode: 422 },
      );
    }
    const fallback = internal.defaults[update.baseChart];
    const label =
      line.label ||
      (line.account === fallback.account ? fallback.label : null) ||
      chartLabelOf(update.baseChart, line.account) ||
      baseCharts[update.baseChart][line.account]!;
    if (line.account === fallback.account && label === fallback.label) continue;
    rows.push({ internalAccount: line.internalAccount, account: line.account, label });
  }
  return db.transaction(async (tx) => {
    await lockChartSettings(tx, organizationId);
    const before = await getAccountMapping(tx, organizationId);
    await replaceAccountMapping(tx, organizationId, update.baseChart, rows);
    const after = await getAccountMapping(tx, organizationId);
    const changes = after.lines
      .filter((line, index) => {
        const old = before.lines[index]!;
        return old.account !== line.account || old.label !== line.label;
      })
      .map((line) => `${line.internalAccount} → ${line.account} ${line.label}`);
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'accounting.mapping_updated',
      resourceType: 'accounting',
      category: 'settings',
      details: {
        plan: update.baseChart,
        'plan précédent': before.baseChart,
        modifications: changes.join(' ; ') || 'aucune',
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
    return after;
  });
}
