import {
  notificationPreferenceDefaults,
  type NotificationPreferenceId,
  type NotificationPreferenceSettings,
  type StaffNotificationKind,
} from '@ecolage/contracts';
import type { MemberNotificationPreferencesRow } from './notifications.tables';

/** The spec's ids and the columns that keep them. */
export const preferenceColumns = {
  'nouvelle-vente': 'newSale',
  'nouvelle-inscription': 'newAdmission',
  'paiement-recu': 'paymentReceived',
  'paiement-echoue': 'paymentFailed',
  'resume-hebdomadaire': 'weeklySummary',
} as const satisfies Record<NotificationPreferenceId, keyof MemberNotificationPreferencesRow>;

/** A member's five settings; no row = the spec's defaults (the first three on). */
export function settingsOf(
  row: MemberNotificationPreferencesRow | null | undefined,
): NotificationPreferenceSettings {
  if (!row) return { ...notificationPreferenceDefaults };
  return Object.fromEntries(
    Object.entries(preferenceColumns).map(([id, column]) => [id, row[column]]),
  ) as NotificationPreferenceSettings;
}

export function columnsOf(settings: NotificationPreferenceSettings) {
  return {
    newSale: settings['nouvelle-vente'],
    newAdmission: settings['nouvelle-inscription'],
    paymentReceived: settings['paiement-recu'],
    paymentFailed: settings['paiement-echoue'],
    weeklySummary: settings['resume-hebdomadaire'],
  };
}

/**
 * The setting that lets a kind of item through, or null when it always reaches the members who
 * may read the thing (a review to decide, a cash difference, an automation's message to roles).
 */
export const preferenceOfKind: Record<StaffNotificationKind, NotificationPreferenceId | null> = {
  payment_received: 'paiement-recu',
  payment_failed: 'paiement-echoue',
  admission_received: 'nouvelle-inscription',
  weekly_summary: 'resume-hebdomadaire',
  payment_review: null,
  cash_difference: null,
  automation: null,
};
