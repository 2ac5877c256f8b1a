import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliverNext, fanOutEvents } from '../../../platform/outbox/event-dispatch';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { addMemberWithSystemRole } from '../../access/access.service';
import { ensureAccount } from '../../auth';
import { bankChangedNoticeHandler } from '../bank/bank-changed-notice';
import { schoolNoticeRecipient } from '../notifications/notification-settings.service';

const GOOD_RIB = 'TG0090604310346500400070';
const GOOD_IBAN = 'TG53TG0090604310346500400070';

describe('Détails de l’organisation: identity and bank details', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let reader = '';

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Lycée Les Cocotiers');
    reader = await memberWith(app(), database().db, school, ['read:settings']);
  });

  const identity = {
    name: 'Lycée Les Cocotiers',
    supportPhone: '90 12 34 56',
    contactEmail: 'Contact@Cocotiers.TG',
    address: '12 rue des Écoles, Tokoin',
    city: 'Lomé',
    country: 'TG',
  };

  it('saves the identity (phone in E.164, e-mail in lower case) and journals before and after', async () => {
    const saved = await ok(school.call('PUT', '/api/settings/details', identity));
    expect(saved).toMatchObject({
      supportPhone: '+22890123456',
      contactEmail: 'contact@cocotiers.tg',
      address: '12 rue des Écoles, Tokoin',
      city: 'Lomé',
      country: 'TG',
    });
    const details = await ok(school.call('GET', '/api/settings/details'));
    expect(details.identity).toMatchObject({ supportPhone: '+22890123456', city: 'Lomé' });
    expect(details.kyc.status).toBe('a_envoyer');
    expect(details.kyc.documents).toHaveLength(4);
    const { rows } = await database().db.execute<{ details: Record<string, unknown> }>(sql`
      select details from audit_entries
       where organization_id = ${school.organizationId} and action = 'organization.details_updated'`);
    expect(rows[0]?.details).toMatchObject({
      avant: { téléphone: null, ville: null },
      après: { téléphone: '+22890123456', ville: 'Lomé' },
    });
  });

  it('refuses a bad phone, e-mail or country, a NUL byte, and a reader (403): nothing saved', async () => {
    const badPhone = await school.call('PUT', '/api/settings/details', {
      ...identity,
      supportPhone: '12',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().issues[0].path).toBe('supportPhone');
    const badEmail = await school.call('PUT', '/api/settings/details', {
      ...identity,
      contactEmail: 'pas-un-email',
    });
    expect(badEmail.json().issues[0].path).toBe('contactEmail');
    const badCountry = await school.call('PUT', '/api/settings/details', {
      ...identity,
      country: 'FR',
    });
    expect(badCountry.statusCode).toBe(400);
    const nul = await school.call('PUT', '/api/settings/details', {
      ...identity,
      city: 'Lo\u0000mé',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().code).toBe('UNSTORABLE_TEXT');
    const forbidden = await app().inject({
      method: 'PUT',
      url: '/api/settings/details',
      payload: { ...identity, city: 'Kara' },
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(forbidden.statusCode).toBe(403);
    const details = await ok(school.call('GET', '/api/settings/details'));
    expect(details.identity.city).toBe('Lomé');
  });

  const bank = {
    bankName: 'Ecobank Togo',
    accountHolder: 'Lycée Les Cocotiers',
    rib: 'TG009 06043 103465004000 70',
    iban: GOOD_IBAN,
    bic: 'ECOCTGTG',
    password: 'motdepasse-solide',
  };

  it('refuses a wrong RIB key, a bad IBAN, a bad BIC, no account, each on its field', async () => {
    const cases = [
      [{ rib: 'TG0090604310346500400071' }, 'BANK_RIB_KEY_INVALID', 'rib'],
      [{ rib: 'TG00906043' }, 'BANK_RIB_INVALID', 'rib'],
      [{ iban: 'TG54TG0090604310346500400070' }, 'BANK_IBAN_INVALID', 'iban'],
      [{ bic: 'ECO1TGTG' }, 'BANK_BIC_INVALID', 'bic'],
      [{ rib: '', iban: null }, 'BANK_ACCOUNT_REQUIRED', 'rib'],
    ] as const;
    for (const [change, code, field] of cases) {
      const answer = await school.call('PUT', '/api/settings/bank', { ...bank, ...change });
      expect(answer.statusCode, code).toBe(400);
      expect(answer.json()).toMatchObject({ code, issues: [{ path: field }] });
    }
    const details = await ok(school.call('GET', '/api/settings/details'));
    expect(details.bank).toMatchObject({ rib: null, iban: null, bankName: null });
  });

  it('asks the member’s password: a wrong one changes nothing', async () => {
    const answer = await school.call('PUT', '/api/settings/bank', { ...bank, password: 'faux' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'BANK_PASSWORD_INVALID',
      issues: [{ path: 'password' }],
    });
    const { rows } = await database().db.execute<{ n: number }>(sql`
      select count(*)::int as n from outbox_events where type = 'organization.bank_details_changed'`);
    expect(rows[0]?.n).toBe(0);
  });

  it('saves good details, masks them in the journal and for readers, tells every Super administration', async () => {
    // A second Super administration, and a deactivated one who hears nothing.
    await database().db.transaction(async (tx) => {
      for (const [email, status] of [
        ['kossi@cocotiers.tg', 'active'],
        ['ancien@cocotiers.tg', 'inactive'],
      ] as const) {
        const { user } = await ensureAccount(tx, { email, name: email, password: 'motdepasse' });
        await addMemberWithSystemRole(
          tx,
          {
            organizationId: school.organizationId,
            userId: user.id,
            roleKey: 'super_admin',
            userLabel: email,
          },
          { actor: { type: 'system', label: 'Test' }, ip: null },
        );
        if (status === 'inactive') {
          await tx.execute(
            sql`update memberships set status = 'inactive' where user_id = ${user.id}`,
          );
        }
      }
    });
    const saved = await ok(school.call('PUT', '/api/settings/bank', bank));
    expect(saved).toMatchObject({ rib: GOOD_RIB, iban: GOOD_IBAN, bic: 'ECOCTGTG', masked: false });
    const asReader = await app().inject({
      method: 'GET',
      url: '/api/settings/details',
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(asReader.json().bank).toMatchObject({
      rib: '•••• 0070',
      iban: '•••• 0070',
      masked: true,
    });
    const { rows: journal } = await database().db.execute<{ details: string }>(sql`
      select details::text as details from audit_entries
       where organization_id = ${school.organizationId} and action = 'organization.bank_details_updated'`);
    expect(journal[0]?.details).toContain('•••• 0070');
    expect(journal[0]?.details).not.toContain(GOOD_RIB);

    const db = database().db;
    expect(await fanOutEvents(db, [bankChangedNoticeHandler])).toBe(1);
    const handlers = new Map([[bankChangedNoticeHandler.name, bankChangedNoticeHandler]]);
    expect(await deliverNext(db, handlers)).toMatchObject({ kind: 'delivered' });
    const { rows: mails } = await db.execute<{
      recipient: string;
      body: string;
      subject: string;
    }>(sql`
      select recipient, body, subject from outbound_messages
       where template = 'organization.bank_details_changed' order by recipient`);
    expect(mails.map((mail) => mail.recipient)).toEqual(
      [school.email, 'kossi@cocotiers.tg'].sort(),
    );
    expect(mails[0]?.subject).toBe('Coordonnées bancaires de Lycée Les Cocotiers modifiées');
    expect(mails[0]?.body).toContain('Par : Afi Mensah');
    expect(mails[0]?.body).toContain('RIB •••• 0070');
    expect(mails[0]?.body).toContain('Si vous n’êtes pas à l’origine de ce changement');
    expect(mails[0]?.body).not.toContain(GOOD_RIB);
  });

  it('keeps the school’s notices: defaults, then a notices address and one notice off', async () => {
    expect(await ok(school.call('GET', '/api/settings/notifications'))).toEqual({
      notificationEmail: null,
      admissionReceived: true,
      kycReviewed: true,
    });
    const saved = await ok(
      school.call('PUT', '/api/settings/notifications', {
        notificationEmail: 'Secretariat@Cocotiers.tg',
        admissionReceived: false,
        kycReviewed: true,
      }),
    );
    expect(saved).toEqual({
      notificationEmail: 'secretariat@cocotiers.tg',
      admissionReceived: false,
      kycReviewed: true,
    });
    const bad = await school.call('PUT', '/api/settings/notifications', {
      notificationEmail: 'non',
      admissionReceived: true,
      kycReviewed: true,
    });
    expect(bad.statusCode).toBe(400);
    expect(await ok(school.call('GET', '/api/settings/notifications'))).toEqual(saved);
  });

  it('sends a notice to the notices address, else the contact e-mail, never when turned off', async () => {
    const db = database().db;
    const notices = (notificationEmail: string | null, admissionReceived: boolean) =>
      ok(
        school.call('PUT', '/api/settings/notifications', {
          notificationEmail,
          admissionReceived,
          kycReviewed: true,
        }),
      );
    await notices(null, true);
    expect(await schoolNoticeRecipient(db, school.organizationId, 'admissionReceived')).toBe(
      'contact@cocotiers.tg',
    );
    await notices('inscriptions@cocotiers.tg', true);
    expect(await schoolNoticeRecipient(db, school.organizationId, 'admissionReceived')).toBe(
      'inscriptions@cocotiers.tg',
    );
    await notices('inscriptions@cocotiers.tg', false);
    expect(await schoolNoticeRecipient(db, school.organizationId, 'admissionReceived')).toBeNull();
    expect(await schoolNoticeRecipient(db, school.organizationId, 'kycReviewed')).toBe(
      'inscriptions@cocotiers.tg',
    );
  });

  it('answers another school’s member with its own school only', async () => {
    const other = await signUpSchool(app(), 'École Autre');
    const details = await ok(other.call('GET', '/api/settings/details'));
    expect(details.identity.name).toBe('École Autre');
    expect(details.bank.rib).toBeNull();
  });
});
