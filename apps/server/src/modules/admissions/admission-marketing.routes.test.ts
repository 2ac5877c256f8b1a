import { domainErrorMessage } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/school-fixture';
import { useTestApp } from '../../test/test-app';
import { coupons } from '../billing/coupons/coupons.tables';
import { campaigns } from '../marketing/campaigns/campaigns.tables';
import { campaignRegistrations } from './campaign-registrations';
import {
  admissionSchool,
  applicantOf,
  postAdmission,
  submitThroughForm,
  type AdmissionSchool,
} from './admission.test-support';

/** The campaign touch the page hands to the browser (its hidden field), if any. */
function touchOf(page: string): string {
  return /<input\s+type="hidden"\s+name="campaignTouch"\s+value="([^"]*)"/.exec(page)?.[1] ?? '';
}

/** The message under the « Code promo » field. */
function couponError(page: string): string | undefined {
  return /<p class="error" id="code-promo-erreur">([^<]*)<\/p>/.exec(page)?.[1];
}

const unescape = (text: string) => text.replaceAll('&#39;', '’').replaceAll('&amp;', '&');

describe('the pre-registration form and marketing: campaign touch, « Code promo », news', () => {
  const { app, database } = useTestApp({ formRateLimit: { max: 1000, timeWindow: '1 minute' } });
  const db = () => database().db;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db().execute<T>(query)).rows;
  let school: AdmissionSchool;
  let other: AdmissionSchool;
  let campaignId: string;

  /** A coupon of the school, written as billing's screen does. */
  async function couponOf(
    code: string,
    values: Partial<typeof coupons.$inferInsert> = {},
    organizationId = school.organizationId,
  ) {
    const [row] = await db()
      .insert(coupons)
      .values({
        organizationId,
        code,
        kind: 'percent',
        value: 10,
        scope: 'registration',
        validFrom: '2020-01-01',
        validUntil: '2099-12-31',
        createdBy: 'Test',
        ...values,
      })
      .returning();
    return row!;
  }

  const redemptionsOf = (admissionId: string) =>
    rows<{ status: string; amount: number; invoice_id: string | null; code: string }>(sql`
      select r.status, r.amount::int as amount, r.invoice_id, c.code from coupon_redemptions r
      join coupons c on c.organization_id = r.organization_id and c.id = r.coupon_id
      where r.organization_id = ${school.organizationId} and r.admission_id = ${admissionId}`);

  const counts = async () =>
    (
      await rows<{
        students: number;
        admissions: number;
        redemptions: number;
        subscribers: number;
      }>(sql`
        select
          (select count(*)::int from students where organization_id = ${school.organizationId}) as students,
          (select count(*)::int from admissions where organization_id = ${school.organizationId}) as admissions,
          (select count(*)::int from coupon_redemptions where organization_id = ${school.organizationId}) as redemptions,
          (select count(*)::int from marketing_subscribers where organization_id = ${school.organizationId}) as subscribers`)
    )[0]!;

  beforeAll(async () => {
    school = await admissionSchool(app(), db(), 'Lycée du Lac');
    other = await admissionSchool(app(), db(), 'Collège Voisin');
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        organizationId: school.organizationId,
        code: 'rentree-2026-fb1',
        name: 'Rentrée 2026 — Facebook',
        channel: 'facebook',
        budget: 100_000,
        startsOn: '2026-06-01',
        endsOn: '2026-09-30',
        destination: 'pre_registration',
        createdBy: 'Test',
      })
      .returning();
    campaignId = campaign!.id;
  });

  it('hands the page a touch for a campaign of the school only, with the form’s new fields', async () => {
    const landing = await app().inject({
      method: 'GET',
      url: `/inscription/${school.slug}?utm_source=facebook&utm_medium=social&utm_campaign=rentree-2026-fb1`,
    });
    expect(landing.statusCode).toBe(200);
    expect(touchOf(landing.body)).toMatch(/^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/);
    expect(landing.body).toMatch(/<label for="code-promo">Code promo \(facultatif\)<\/label>/);
    // Unticked by default.
    expect(landing.body).toMatch(
      /<input\s+id="nouvelles"\s+name="news"\s+type="checkbox"\s+value="1"\s*\/>/,
    );
    expect(landing.body).toContain(
      '<label for="nouvelles">Recevoir les nouvelles de l’école par e-mail ou SMS</label>',
    );
    for (const url of [
      `/inscription/${school.slug}`,
      `/inscription/${school.slug}?utm_campaign=inconnue`,
      `/inscription/${school.slug}?utm_campaign=a&utm_campaign=b`,
      // Another school's page with this school's campaign code.
      `/inscription/${other.slug}?utm_campaign=rentree-2026-fb1`,
    ]) {
      const page = await app().inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(touchOf(page.body), url).toBe('');
    }
  });

  it('attributes the request to the campaign of the touch posted; a bad touch is simply not attributed', async () => {
    const landing = await app().inject({
      method: 'GET',
      url: `/inscription/${school.slug}?utm_campaign=rentree-2026-fb1`,
    });
    const touch = touchOf(landing.body);
    const attributed = await submitThroughForm(app(), db(), school, {
      name: 'Akosua Mensah',
      email: 'akosua@exemple.tg',
      phone: '90000101',
      campaignTouch: touch,
    });
    const [row] = await rows<{ campaign_id: string | null; touched: boolean }>(sql`
      select campaign_id, campaign_touched_at is not null as touched from admissions
      where organization_id = ${school.organizationId} and id = ${attributed}`);
    expect(row).toEqual({ campaign_id: campaignId, touched: true });
    const [audit] = await rows<{ details: Record<string, unknown> }>(sql`
      select details from audit_entries where organization_id = ${school.organizationId}
        and action = 'admission.submitted' and resource_id = ${attributed}`);
    expect(audit!.details.campagne).toBe('Rentrée 2026 — Facebook');

    const tampered = `${touch.slice(0, 5)}${touch[5] === 'A' ? 'B' : 'A'}${touch.slice(6)}`;
    for (const [index, bad] of [tampered, 'nimporte-quoi', touch.repeat(2)].entries()) {
      const id = await submitThroughForm(app(), db(), school, {
        name: 'Kwame Asante',
        email: `kwame${index}@exemple.tg`,
        phone: `9000011${index}`,
        campaignTouch: bad,
      });
      const [kept] = await rows<{ campaign_id: string | null }>(sql`
        select campaign_id from admissions where organization_id = ${school.organizationId} and id = ${id}`);
      expect(kept!.campaign_id).toBeNull();
    }
    // This school's touch posted to another school's form: not attributed there.
    const elsewhere = await submitThroughForm(app(), db(), other, {
      name: 'Esi Boateng',
      email: 'esi@exemple.tg',
      phone: '90000121',
      campaignTouch: touch,
    });
    const [there] = await rows<{ campaign_id: string | null }>(sql`
      select campaign_id from admissions where organization_id = ${other.organizationId} and id = ${elsewhere}`);
    expect(there!.campaign_id).toBeNull();

    // Marketing's port: the attributed request, not yet accepted; nothing for an unknown campaign.
    const registrations = await campaignRegistrations.attributedTo(db(), school.organizationId, [
      campaignId,
    ]);
    expect(registrations).toEqual([
      expect.objectContaining({ campaignId, admissionId: attributed, accepted: false }),
    ]);
    expect(
      await campaignRegistrations.attributedTo(db(), other.organizationId, [campaignId]),
    ).toEqual([]);
    const submittedAt = registrations[0]!.submittedAt;
    expect(
      await campaignRegistrations.attributedTo(db(), school.organizationId, [campaignId], {
        from: new Date(submittedAt.getTime() + 1),
        to: new Date(submittedAt.getTime() + 60_000),
      }),
    ).toEqual([]);
  });

  it('refuses an unknown, expired, exhausted or disabled coupon beside its field, and writes nothing', async () => {
    await couponOf('PERIME-2021', { validFrom: '2021-01-01', validUntil: '2021-12-31' });
    const full = await couponOf('UNE-SEULE', { maxUses: 1 });
    await couponOf('ARRETE', { disabledAt: new Date() });
    await couponOf('VOISIN-10', {}, other.organizationId);
    // The one use of UNE-SEULE, held by an earlier request.
    await submitThroughForm(app(), db(), school, {
      name: 'Adjoa Kumah',
      email: 'adjoa@exemple.tg',
      phone: '90000201',
      couponCode: 'une-seule',
    });
    const before = await counts();
    const cases: [string, string][] = [
      ['INCONNU-1', domainErrorMessage('COUPON_UNKNOWN', {})],
      ['VOISIN-10', domainErrorMessage('COUPON_UNKNOWN', {})],
      ['perime-2021', domainErrorMessage('COUPON_EXPIRED', { date: '2021-12-31' })],
      ['UNE-SEULE', domainErrorMessage('COUPON_EXHAUSTED', {})],
      ['ARRETE', domainErrorMessage('COUPON_DISABLED', {})],
    ];
    for (const [code, message] of cases) {
      const response = await postAdmission(
        app(),
        school.slug,
        applicantOf(school, {
          name: 'Yaw Owusu',
          email: 'yaw@exemple.tg',
          phone: '90000211',
          couponCode: code,
          news: '1',
        }),
      );
      expect(response.statusCode, code).toBe(400);
      expect(unescape(couponError(response.body) ?? ''), code).toBe(message);
      // What was typed is shown again, the box still ticked.
      expect(response.body, code).toContain(`value="${code}"`);
      expect(response.body, code).toMatch(/name="news"\s+type="checkbox"\s+value="1"\s+checked/);
    }
    const badFormat = await postAdmission(
      app(),
      school.slug,
      applicantOf(school, { email: 'yaw@exemple.tg', phone: '90000211', couponCode: 'é!' }),
    );
    expect(badFormat.statusCode).toBe(400);
    expect(couponError(badFormat.body)).toBeTruthy();
    expect(await counts()).toEqual(before);
    expect(full.id).toBeTruthy();
  });

  it('holds a valid coupon and subscribes to the news in the same request', async () => {
    await couponOf('RENTREE-2026');
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Kofi Annan',
      email: 'kofi@exemple.tg',
      phone: '90000301',
      couponCode: ' rentree-2026 ',
      news: '1',
    });
    expect(await redemptionsOf(admissionId)).toEqual([
      { status: 'reserved', amount: 0, invoice_id: null, code: 'RENTREE-2026' },
    ]);
    const subscribers = await rows<{ email: string; phone: string; source: string }>(sql`
      select email, phone, source from marketing_subscribers
      where organization_id = ${school.organizationId} and email = 'kofi@exemple.tg'`);
    expect(subscribers).toEqual([
      { email: 'kofi@exemple.tg', phone: '+22890000301', source: 'pre_registration' },
    ]);
    const list = await ok(school.call('GET', '/api/admissions'));
    const item = list.items.find((candidate: { id: string }) => candidate.id === admissionId);
    expect(item).toMatchObject({
      campaignName: null,
      coupon: { code: 'RENTREE-2026', status: 'reserved', discount: 0 },
    });
    // Without the box ticked: no subscription.
    await submitThroughForm(app(), db(), school, {
      name: 'Ama Serwaa',
      email: 'ama.serwaa@exemple.tg',
      phone: '90000302',
    });
    const none = await rows<{ n: number }>(sql`
      select count(*)::int as n from marketing_subscribers
      where organization_id = ${school.organizationId} and email = 'ama.serwaa@exemple.tg'`);
    expect(none[0]!.n).toBe(0);
  });

  it('on acceptance, the coupon is a discount line of the « Inscription » invoice; the port says accepted', async () => {
    await couponOf('BIENVENUE', { kind: 'fixed', value: 10_000 });
    const landing = await app().inject({
      method: 'GET',
      url: `/inscription/${school.slug}?utm_campaign=rentree-2026-fb1`,
    });
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Efua Sutherland',
      email: 'efua@exemple.tg',
      phone: '90000401',
      couponCode: 'BIENVENUE',
      campaignTouch: touchOf(landing.body),
    });
    const accepted = await ok(school.call('POST', `/api/admissions/${admissionId}/accept`));
    expect(accepted.admission).toMatchObject({
      status: 'accepted',
      campaignName: 'Rentrée 2026 — Facebook',
      coupon: { code: 'BIENVENUE', status: 'applied', discount: 10_000 },
    });
    const [redemption] = await redemptionsOf(admissionId);
    expect(redemption).toMatchObject({ status: 'applied', amount: 10_000 });
    const lines = await rows<{ kind: string; amount: number; invoice_label: string }>(sql`
      select l.kind, l.amount::int as amount, i.label as invoice_label from invoice_lines l
      join invoices i on i.organization_id = l.organization_id and i.id = l.invoice_id
      where l.organization_id = ${school.organizationId} and i.id = ${redemption!.invoice_id}
      order by l.kind`);
    expect(lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'coupon', amount: -10_000 })]),
    );
    expect(lines[0]!.invoice_label).toMatch(/Inscription/);
    const [invoice] = await rows<{ total: number }>(sql`
      select total::int as total from invoices where id = ${redemption!.invoice_id}`);
    expect(invoice!.total).toBe(40_000);
    const [audit] = await rows<{ details: Record<string, unknown> }>(sql`
      select details from audit_entries where organization_id = ${school.organizationId}
        and action = 'admission.accepted' and resource_id = ${admissionId}`);
    expect(audit!.details).toMatchObject({ 'code promo': 'BIENVENUE', remise: 10_000 });

    const registrations = await campaignRegistrations.attributedTo(db(), school.organizationId, [
      campaignId,
    ]);
    expect(registrations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          admissionId,
          accepted: true,
          studentId: accepted.admission.studentId,
        }),
      ]),
    );
  });

  it('on refusal, the coupon’s use is released', async () => {
    await couponOf('REFUS-TEST');
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Kwesi Brew',
      email: 'kwesi@exemple.tg',
      phone: '90000501',
      couponCode: 'REFUS-TEST',
    });
    const refused = await ok(
      school.call('POST', `/api/admissions/${admissionId}/refuse`, { reason: 'Dossier incomplet' }),
    );
    expect(refused.coupon).toEqual({ code: 'REFUS-TEST', status: 'released', discount: 0 });
    expect(await redemptionsOf(admissionId)).toEqual([
      { status: 'released', amount: 0, invoice_id: null, code: 'REFUS-TEST' },
    ]);
  });

  it('hands the pay page opened through a campaign’s link the touch too, outside its forms', async () => {
    const page = await app().inject({
      method: 'GET',
      url: `/payer/${school.slug}?utm_source=affiche&utm_medium=qr&utm_campaign=rentree-2026-fb1`,
    });
    expect(page.statusCode).toBe(200);
    const touch = /<input type="hidden" value="([^"]+)" data-campaign-touch/.exec(page.body)?.[1];
    expect(touch).toMatch(/^[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{22}$/);
    // Posted later with the pre-registration, it attributes the request.
    const admissionId = await submitThroughForm(app(), db(), school, {
      name: 'Abena Osei',
      email: 'abena@exemple.tg',
      phone: '90000131',
      campaignTouch: touch!,
    });
    const [row] = await rows<{ campaign_id: string | null }>(sql`
      select campaign_id from admissions where organization_id = ${school.organizationId} and id = ${admissionId}`);
    expect(row!.campaign_id).toBe(campaignId);
    const plain = await app().inject({
      method: 'GET',
      url: `/payer/${other.slug}?utm_campaign=rentree-2026-fb1`,
    });
    expect(plain.body).not.toContain('data-campaign-touch');
  });
});
