import type { Transaction } from '../../../platform/db/database';
import { publicBaseUrl } from '../../../platform/env';
import type { EventHandler } from '../../../platform/outbox/event-dispatch';
import type { PublishedEvent } from '../../../platform/outbox/outbox';
import { findActiveSuperAdmins } from '../../auth';
import { queueEmail } from '../../messaging';
import { findOrganizationById } from '../../organizations';

/**
 * Every active Super administration of the school learns that its bank details changed (who, when,
 * from where, the new account masked): a payout diverted by a stolen session is seen at once.
 */
async function noticeBankChange(
  tx: Transaction,
  event: PublishedEvent<'organization.bank_details_changed'>,
): Promise<void> {
  const school = await findOrganizationById(tx, event.organizationId);
  if (!school) return;
  const { payload } = event;
  const when = new Intl.DateTimeFormat('fr-FR', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: school.timeZone,
  }).format(new Date(payload.changedAt));
  const account = [
    payload.maskedRib ? `RIB ${payload.maskedRib}` : null,
    payload.maskedIban ? `IBAN ${payload.maskedIban}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  for (const admin of await findActiveSuperAdmins(tx, event.organizationId)) {
    await queueEmail(tx, {
      organizationId: event.organizationId,
      to: admin.email,
      subject: `Coordonnées bancaires de ${school.name} modifiées`,
      text: [
        `Bonjour ${admin.name},`,
        '',
        `Les coordonnées bancaires de ${school.name} sur Écolage viennent d’être modifiées.`,
        '',
        `Par : ${payload.changedBy.name}`,
        `Le : ${when}`,
        `Depuis l’adresse IP : ${payload.ip ?? 'inconnue'}`,
        `Nouveau compte : ${payload.bankName}, titulaire ${payload.accountHolder}${account ? `, ${account}` : ''}`,
        '',
        'Si vous n’êtes pas à l’origine de ce changement, ou si vous ne le reconnaissez pas, ' +
          'changez votre mot de passe, vérifiez les membres de votre équipe et contactez le support ' +
          'd’Écolage sans attendre : les versements de l’école iraient sur ce compte.',
        '',
        `Détails de l’organisation : ${publicBaseUrl()}/admin/details`,
      ].join('\n'),
      template: 'organization.bank_details_changed',
      metadata: { eventId: event.id, userId: admin.userId },
    });
  }
}

export const bankChangedNoticeHandler: EventHandler<'organization.bank_details_changed'> = {
  name: 'settings.bank-change-notice',
  event: 'organization.bank_details_changed',
  handle: noticeBankChange,
};
