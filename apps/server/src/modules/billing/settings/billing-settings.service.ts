import type { BillingSettings } from '@ecolage/contracts';
import { formatFrancsAscii } from '@ecolage/money';
import type { Database, DbOrTx } from '../../../platform/db/database';
import type { ActingMember } from '../../../platform/http/acting-member';
import { recordAuditEntry } from '../../audit';
import { findNumbering, setMatriculePrefix } from '../../students';
import type { BillingSettingsRow } from '../billing.tables';
import { findBillingSettingsRow, saveBillingSettingsRow } from './billing-settings.repository';

const defaults: Omit<BillingSettingsRow, 'organizationId' | 'updatedAt'> = {
  monthlyDueDay: 5,
  siblingDiscountEnabled: false,
  siblingSecondPercent: 10,
  siblingThirdPercent: 15,
  lateFeeEnabled: false,
  lateFeeGraceDays: 15,
  lateFeeKind: 'fixed',
  lateFeeValue: 0,
  lateFeeCap: 0,
  onlinePartialAllowed: false,
  onlineMinimumAmount: 0,
};

/** The school's billing rules (defaults until it saves its own). */
export async function findBillingRules(db: DbOrTx, organizationId: string) {
  const row = await findBillingSettingsRow(db, organizationId);
  return row ?? { organizationId, updatedAt: new Date(0), ...defaults };
}

export async function getBillingSettings(
  db: DbOrTx,
  organizationId: string,
): Promise<BillingSettings> {
  const [rules, numbering] = await Promise.all([
    findBillingRules(db, organizationId),
    findNumbering(db, organizationId),
  ]);
  return {
    matriculePrefix: numbering.prefix,
    monthlyDueDay: rules.monthlyDueDay,
    siblingDiscount: {
      enabled: rules.siblingDiscountEnabled,
      secondChildPercent: rules.siblingSecondPercent,
      thirdChildPercent: rules.siblingThirdPercent,
    },
    lateFee: {
      enabled: rules.lateFeeEnabled,
      graceDays: rules.lateFeeGraceDays,
      kind: rules.lateFeeKind,
      value: rules.lateFeeValue,
      cap: rules.lateFeeCap,
    },
    onlinePayment: {
      partialAllowed: rules.onlinePartialAllowed,
      minimumAmount: rules.onlineMinimumAmount,
    },
  };
}

/** The online payment rule as the journal reads it: « oui, minimum 5 000 FCFA » or « non ». */
function onlinePaymentText({ partialAllowed, minimumAmount }: BillingSettings['onlinePayment']) {
  if (!partialAllowed) return 'non';
  return minimumAmount > 0
    ? `oui, minimum ${formatFrancsAscii(minimumAmount)}`
    : 'oui, sans minimum';
}

export async function saveBillingSettings(
  db: Database,
  acting: ActingMember,
  settings: BillingSettings,
): Promise<BillingSettings> {
  await db.transaction(async (tx) => {
    const { organizationId } = acting;
    const values = {
      monthlyDueDay: settings.monthlyDueDay,
      siblingDiscountEnabled: settings.siblingDiscount.enabled,
      siblingSecondPercent: settings.siblingDiscount.secondChildPercent,
      siblingThirdPercent: settings.siblingDiscount.thirdChildPercent,
      lateFeeEnabled: settings.lateFee.enabled,
      lateFeeGraceDays: settings.lateFee.graceDays,
      lateFeeKind: settings.lateFee.kind,
      lateFeeValue: settings.lateFee.value,
      lateFeeCap: settings.lateFee.cap,
      onlinePartialAllowed: settings.onlinePayment.partialAllowed,
      onlineMinimumAmount: settings.onlinePayment.minimumAmount,
      updatedAt: new Date(),
    };
    await saveBillingSettingsRow(tx, organizationId, values);
    await setMatriculePrefix(tx, organizationId, settings.matriculePrefix);
    await recordAuditEntry(tx, {
      organizationId,
      actor: acting.actor,
      action: 'billing.settings_updated',
      resourceType: 'billing_settings',
      resourceId: organizationId,
      category: 'settings',
      details: {
        'préfixe matricule': settings.matriculePrefix,
        'jour d’échéance': settings.monthlyDueDay,
        'réduction fratrie': settings.siblingDiscount.enabled
          ? `${settings.siblingDiscount.secondChildPercent} % / ${settings.siblingDiscount.thirdChildPercent} %`
          : 'non',
        'pénalités de retard': settings.lateFee.enabled
          ? `${settings.lateFee.value}${settings.lateFee.kind === 'percent' ? ' %' : ' FCFA'} après ${settings.lateFee.graceDays} j`
          : 'non',
        'paiement partiel en ligne': onlinePaymentText(settings.onlinePayment),
      },
      ip: acting.ip,
      userAgent: acting.userAgent,
    });
  });
  return getBillingSettings(db, acting.organizationId);
}
