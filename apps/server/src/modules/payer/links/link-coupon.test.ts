import { sql } from 'drizzle-orm';
import { formatFrancs } from '@ecolage/money';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PaymentsContext } from '../../payments';
import { expectLedgerAgrees, usePaymentsHarness } from '../../../test/payments-harness';
import { signUpSchool } from '../../../test/school-fixture';
import { COUPON_TRIES } from './link-coupon.routes';
import { familyOfTwo, linkOf, openLinkPage } from './payer-link.test-support';

/** The page's words, markup gone (no-break spaces kept: amounts are written with them). */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/[ \t\r\n]+/g, ' ');
/** The refusal's code by the coupon field (the French sentence is for people). */
const refusalCode = (page: string) =>
  /id="code-promo-erreur" role="alert" data-code="([A-Z_]+)"/.exec(page)?.[1];

interface CouponSeed {
  code: string;
  kind?: 'percent' | 'fixed';
  value?: number;
  scope?: 'all' | 'programme' | 'level' | 'registration';
  levelId?: string | null;
  validFrom?: string;
  validUntil?: string;
  maxUses?: number | null;
  maxUsesPerFamily?: number | null;
}

/** A coupon of the school, as « Marketing › Coupons » would save it. */
async function seedCoupon(context: PaymentsContext, organizationId: string, seed: CouponSeed) {
  const today = context.now().toISOString().slice(0, 10);
  await context.db.execute(sql`insert into coupons (organization_id, code, kind, value, scope,
    level_id, valid_from, valid_until, max_uses, max_uses_per_family, created_by)
    values (${organizationId}, ${seed.code}, ${seed.kind ?? 'fixed'}, ${seed.value ?? 5_000},
    ${seed.scope ?? 'all'}, ${seed.levelId ?? null}, ${seed.validFrom ?? '2020-01-01'},
    ${seed.validUntil ?? `${Number(today.slice(0, 4)) + 1}-12-31`}, ${seed.maxUses ?? null},
    ${seed.maxUsesPerFamily ?? null}, 'Test')`);
}

/** What a coupon may write: its uses, the invoices' coupon lines, their audit entries. */
async function written(context: PaymentsContext, organizationId: string) {
  const { rows } = await context.db.execute<{ uses: number; lines: number; audits: number }>(sql`
    select (select count(*)::int from coupon_redemptions where organization_id = ${organizationId}) as uses,
      (select count(*)::int from invoice_lines where organization_id = ${organizationId}
        and kind = 'coupon') as lines,
      (select count(*)::int from audit_entries where organization_id = ${organizationId}
        and action like 'coupon.%') as audits`);
  return rows[0]!;
}

function postCoupon(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | string[]>,
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return app.inject({
    method: 'POST',
    url: `/payer/l/${token}/coupon`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

describe('« Vous avez un code promo ? » on the link page', () => {
  const harness = usePaymentsHarness();

  it('shows the field folded, in a form of its own that posts without script', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335501');
    const link = await linkOf(context, family);
    const page = await openLinkPage(app, link.token);
    expect(page).toMatch(/<details class="card coupon" id="code-promo"\s*>/);
    expect(text(page)).toContain('Vous avez un code promo ?');
    expect(page).toContain(`action="/payer/l/${link.token}/coupon"`);
    expect(page).toMatch(/<label for="code-promo-champ">Code promo<\/label>/);
    // Field and button belong to the coupon's form: Enter in the field never pays.
    expect(page).toMatch(/id="code-promo-champ"[^>]*form="code-promo-formulaire"/);
    expect(page).toMatch(/type="submit" form="code-promo-formulaire">\s*Appliquer/);
    expect(page).not.toContain('role="alert"');
  });

  it('applies a valid coupon to the oldest invoice: its line, the new amount, the parent as actor', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335502');
    await seedCoupon(context, family.organizationId, { code: 'RENTREE-2026', value: 5_000 });
    const link = await linkOf(context, family);
    const invoices = [...family.kossiInvoices, ...family.amaInvoices];
    const firstDue = invoices.map((invoice) => invoice.dueOn).sort()[0];

    // Typed in lower case with spaces around: the code as stored.
    const applied = await postCoupon(app, link.token, { code: ' rentree-2026 ' });
    expect(applied.statusCode, applied.body).toBe(303);
    const location = String(applied.headers.location);
    const oldest = invoices.find((invoice) => location.includes(`coupon=${invoice.id}`))!;
    expect(location).toBe(`/payer/l/${link.token}?coupon=${oldest.id}#code-promo`);
    // The oldest one (first due).
    expect(oldest.dueOn).toBe(firstDue);
    const page = await openLinkPage(app, `${link.token}?coupon=${oldest.id}`);
    const shown = text(page);
    expect(shown).toContain(`Coupon RENTREE-2026 (−5 000 FCFA) −${formatFrancs(5_000)}`);
    expect(page).toContain(`data-coupon-applied="${oldest.id}"`);
    const balance = oldest.total - oldest.paid - 5_000;
    expect(shown).toContain(`Reste à payer sur cette facture : ${formatFrancs(balance)}`);
    expect(page).toContain(`data-balance="${balance}"`);
    expect(page).toMatch(/<details class="card coupon" id="code-promo" open/);

    const { rows } = await context.db.execute<{
      channel: string;
      amount: number;
      guardian: string;
    }>(
      sql`select channel, amount::int, guardian_id as guardian from coupon_redemptions
        where organization_id = ${family.organizationId}`,
    );
    expect(rows).toEqual([{ channel: 'payment_link', amount: 5_000, guardian: family.guardianId }]);
    const audit = await context.db.execute<{ actor: string; type: string }>(sql`
      select actor_label as actor, actor_type as type from audit_entries
      where organization_id = ${family.organizationId} and action = 'coupon.applied'`);
    expect(audit.rows).toEqual([{ actor: 'Payeur en ligne : Afi Agbéko', type: 'system' }]);
    await expectLedgerAgrees(context, family.organizationId);
  });

  it('tries the ticked invoices first, and records the pay page’s channel for its links', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335503');
    await seedCoupon(context, family.organizationId, {
      code: 'PAGE10',
      kind: 'percent',
      value: 10,
    });
    const link = await linkOf(context, family, { purpose: 'code' });
    const ticked = family.amaInvoices.at(-1)!;
    const applied = await postCoupon(app, link.token, { code: 'PAGE10', invoiceIds: [ticked.id] });
    expect(applied.statusCode, applied.body).toBe(303);
    expect(applied.headers.location).toContain(`coupon=${ticked.id}`);
    const { rows } = await context.db.execute<{ channel: string; invoice: string }>(
      sql`select channel, invoice_id as invoice from coupon_redemptions
        where organization_id = ${family.organizationId}`,
    );
    expect(rows).toEqual([{ channel: 'pay_page', invoice: ticked.id }]);
  });

  it('says why a coupon is refused, by the field, and writes nothing', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335504');
    const org = family.organizationId;
    const amaLevel = await context.db.execute<{ level: string }>(sql`select level_id as level
      from enrolments where organization_id = ${org} and student_id = ${family.ama.id}`);
    await seedCoupon(context, org, {
      code: 'FINI',
      validFrom: '2024-09-01',
      validUntil: '2024-10-31',
    });
    await seedCoupon(context, org, {
      code: 'BIENTOT',
      validFrom: '2099-01-01',
      validUntil: '2099-12-31',
    });
    await seedCoupon(context, org, { code: 'TROPGROS', value: 50_000_000 });
    await seedCoupon(context, org, {
      code: 'MASTER',
      scope: 'level',
      levelId: amaLevel.rows[0]!.level,
    });
    await seedCoupon(context, org, { code: 'UNEFOIS', maxUses: 1 });
    await seedCoupon(context, org, { code: 'FAMILLE', maxUsesPerFamily: 1 });
    await context.db.execute(sql`insert into coupons (organization_id, code, kind, value, scope,
      valid_from, valid_until, created_by, disabled_at) values (${org}, 'ARRETE', 'fixed', 1000,
      'all', '2020-01-01', '2099-12-31', 'Test', now())`);
    // Kossi's link: Ama's level is not his.
    const link = await linkOf(context, family, { studentId: family.kossi.id });
    const before = await written(context, org);

    const cases: [string, string, number, string?][] = [
      ['INCONNU', 'COUPON_UNKNOWN', 422],
      ['FINI', 'COUPON_EXPIRED', 422, 'Ce coupon a expiré le 31/10/2024.'],
      ['BIENTOT', 'COUPON_NOT_YET_VALID', 422, '01/01/2099'],
      [
        'TROPGROS',
        'COUPON_OVER_INVOICE',
        422,
        `${new Intl.NumberFormat('fr-FR').format(5e7)} FCFA`,
      ],
      ['MASTER', 'COUPON_NOT_APPLICABLE', 422],
      ['ARRETE', 'COUPON_DISABLED', 422],
      ['', 'VALIDATION_FAILED', 400, 'Saisissez votre code promo.'],
      ['a', 'COUPON_UNKNOWN', 422],
    ];
    for (const [code, expected, status, words] of cases) {
      const refused = await postCoupon(app, link.token, { code });
      expect(refused.statusCode, code).toBe(status);
      expect(refused.headers['content-type']).toContain('text/html');
      expect(refusalCode(refused.body), code).toBe(expected);
      // Open, the code kept, the field marked and focused, the reason read out.
      expect(refused.body).toMatch(/<details class="card coupon" id="code-promo" open/);
      expect(refused.body).toMatch(/aria-describedby="code-promo-aide code-promo-erreur"/);
      expect(refused.body).toMatch(/aria-invalid="true" autofocus/);
      if (code) expect(refused.body).toContain(`value="${code}"`);
      if (words) expect(text(refused.body)).toContain(words);
    }
    expect(await written(context, org)).toEqual(before);

    // Used up: by this family once (total limit), then again (a new link: the tries are counted).
    const again = await linkOf(context, family, { studentId: family.kossi.id });
    const first = await postCoupon(app, again.token, { code: 'UNEFOIS' });
    expect(first.statusCode, first.body).toBe(303);
    const exhausted = await postCoupon(app, again.token, { code: 'UNEFOIS' });
    expect(refusalCode(exhausted.body)).toBe('COUPON_EXHAUSTED');
    const once = await postCoupon(app, again.token, { code: 'FAMILLE' });
    expect(once.statusCode, once.body).toBe(303);
    const family2 = await postCoupon(app, again.token, { code: 'FAMILLE' });
    expect(refusalCode(family2.body)).toBe('COUPON_FAMILY_LIMIT');
    const after = await written(context, org);
    expect(after.uses).toBe(before.uses + 2);
    expect(after.lines).toBe(before.lines + 2);
    await expectLedgerAgrees(context, org);
  });

  it('knows only the school’s own codes: another school’s coupon does not exist here', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335505');
    const other = await signUpSchool(app, 'École Voisine');
    await seedCoupon(context, other.organizationId, { code: 'VOISINE' });
    const link = await linkOf(context, family);
    const refused = await postCoupon(app, link.token, { code: 'VOISINE' });
    expect(refused.statusCode).toBe(422);
    expect(refusalCode(refused.body)).toBe('COUPON_UNKNOWN');
    expect((await written(context, family.organizationId)).uses).toBe(0);
  });

  it(`allows ${COUPON_TRIES.max} tries per link in 10 minutes, then says to wait (429)`, async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335506');
    const link = await linkOf(context, family);
    for (let attempt = 0; attempt < COUPON_TRIES.max; attempt += 1) {
      const refused = await postCoupon(app, link.token, { code: `ESSAI-${attempt}` });
      expect(refused.statusCode).toBe(422);
    }
    const limited = await postCoupon(app, link.token, { code: 'ESSAI-X' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('text/html');
    expect(refusalCode(limited.body)).toBe('RATE_LIMITED');
    expect(text(limited.body)).toContain('Réessayez dans 10 minutes');
    // Another link (another family's, or a new one) has its own budget; paying still works.
    const fresh = await linkOf(context, family);
    expect((await postCoupon(app, fresh.token, { code: 'ESSAI-Y' })).statusCode).toBe(422);
    expect((await app.inject({ method: 'GET', url: `/payer/l/${link.token}` })).statusCode).toBe(
      200,
    );
  });

  it('answers odd input with 4xx, never 500: NUL bytes, repeated fields, a huge body, a bad link', async () => {
    const { app, context } = harness();
    const family = await familyOfTwo(app, context, '+22890335507');
    const link = await linkOf(context, family);
    // Refused at the edge, as every request's unstorable text (UNSTORABLE_TEXT).
    const nul = await postCoupon(app, link.token, { code: 'ABC\u0000DEF' });
    expect(nul.statusCode).toBe(400);
    const nulInvoice = await postCoupon(app, link.token, { code: 'ABC', invoiceIds: '\u0000' });
    expect(nulInvoice.statusCode).toBe(400);
    const twice = await postCoupon(app, link.token, { code: ['A', 'B'] });
    expect(twice.statusCode).toBe(400);
    const huge = await postCoupon(app, link.token, { code: 'A'.repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    const json = await app.inject({
      method: 'POST',
      url: `/payer/l/${link.token}/coupon`,
      payload: { code: { $ne: 1 }, invoiceIds: [1, 2] },
    });
    expect(json.statusCode).toBe(400);
    const bad = await postCoupon(app, 'pas-un-lien', { code: 'RENTREE' });
    expect(bad.statusCode).toBe(404);
    const nulLink = await postCoupon(app, `${link.token}%00`, { code: 'RENTREE' });
    expect(nulLink.statusCode).toBeGreaterThanOrEqual(400);
    expect(nulLink.statusCode).toBeLessThan(500);
    expect((await written(context, family.organizationId)).uses).toBe(0);
  });
});
