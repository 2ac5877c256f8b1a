import { PAYER_CODE_MAX_ATTEMPTS, PAYER_CODES_PER_HOUR, PayerMessages } from '@ecolage/contracts';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../platform/http/html';
import { payerCodes, paymentLinks } from '../payer.tables';
import { usePayPage, wrongCode } from './pay-page.test-support';

const {
  app,
  db,
  school,
  otherSchool,
  family,
  askCode,
  typeCode,
  codeIdOf,
  codeSmsCount,
  auditOf,
  codeForMother,
} = usePayPage();

describe('the pay page’s one-time codes', () => {
  it('refuses even the right code after five wrong ones', async () => {
    const confirmedBefore = (await auditOf('payer.code_confirmed')).length;
    const { codeId, code } = await codeForMother();
    for (let attempt = 1; attempt < PAYER_CODE_MAX_ATTEMPTS; attempt += 1) {
      const wrong = await typeCode(school.slug, codeId, wrongCode(code));
      expect(wrong.statusCode).toBe(400);
      const left = PAYER_CODE_MAX_ATTEMPTS - attempt;
      expect(wrong.body).toContain(`Il vous reste ${left} essai${left > 1 ? 's' : ''}.`);
      expect(wrong.body).toContain('name="code"');
    }
    const fifth = await typeCode(school.slug, codeId, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.body).toContain(escapeHtml(PayerMessages.codeTooManyAttempts));

    const right = await typeCode(school.slug, codeId, code);
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain(escapeHtml(PayerMessages.codeTooManyAttempts));
    expect(right.body).not.toContain('name="code"');
    expect(right.body).toContain(`href="/payer/${school.slug}">Demander un nouveau code</a>`);
    const [row] = await db().select().from(payerCodes).where(eq(payerCodes.id, codeId));
    expect(row).toMatchObject({ attempts: PAYER_CODE_MAX_ATTEMPTS + 1, consumedAt: null });
    expect(await auditOf('payer.code_confirmed')).toHaveLength(confirmedBefore);
  });

  it('counts tries that arrive together, one by one', async () => {
    const { codeId, code } = await codeForMother();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => typeCode(school.slug, codeId, wrongCode(code))),
    );
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    expect((await typeCode(school.slug, codeId, code)).statusCode).toBe(429);
  });

  it('refuses an expired code', async () => {
    const linksOfSchool = () =>
      db().select().from(paymentLinks).where(eq(paymentLinks.organizationId, school.id));
    const linksBefore = (await linksOfSchool()).length;
    const { codeId, code } = await codeForMother();
    await db()
      .update(payerCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payerCodes.id, codeId));
    const late = await typeCode(school.slug, codeId, code);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain(escapeHtml(PayerMessages.codeExpired));
    expect(await linksOfSchool()).toHaveLength(linksBefore);
  });

  it('refuses a code typed on another school’s page, or for an id that does not exist', async () => {
    const { codeId, code } = await codeForMother();
    const ownPage = await app().inject({
      method: 'GET',
      url: `/payer/${school.slug}/code/${codeId}`,
    });
    for (const id of [codeId, '00000000-0000-4000-8000-000000000000', 'pas-un-code']) {
      const slug = id === codeId ? otherSchool.slug : school.slug;
      const page = await app().inject({ method: 'GET', url: `/payer/${slug}/code/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(escapeHtml(PayerMessages.codeSent));
      if (slug === school.slug) {
        expect(page.body).toBe(ownPage.body.replaceAll(codeId, escapeHtml(id)));
      }
      const typed = await typeCode(slug, id, code);
      expect(typed.statusCode).toBe(410);
      expect(typed.body).toContain(escapeHtml(PayerMessages.codeExpired));
    }
    // Still usable on its own school's page.
    expect((await typeCode(school.slug, codeId, code)).statusCode).toBe(303);
  });

  it('asks for six digits without counting a try', async () => {
    const { codeId } = await codeForMother();
    for (const typed of ['', '12345', '12a456', '1234567']) {
      const answer = await typeCode(school.slug, codeId, typed);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(escapeHtml(PayerMessages.codeFormat));
      expect(answer.body).toContain('aria-invalid="true"');
    }
    const [row] = await db().select().from(payerCodes).where(eq(payerCodes.id, codeId));
    expect(row!.attempts).toBe(0);
  });

  it(`refuses a ${PAYER_CODES_PER_HOUR + 1}th code in the hour for a phone or a matricule, matched or not`, async () => {
    for (let index = 0; index < PAYER_CODES_PER_HOUR; index += 1) await codeForMother();
    const before = await codeSmsCount();
    const sixth = await askCode(school.slug, {
      matricule: family.matricule,
      phone: family.motherPhone,
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.body).toContain(escapeHtml(PayerMessages.codeRateLimited));
    expect(sixth.body).toContain('value="+22890112233"');
    // The same matricule from another phone, and the same phone for another matricule.
    for (const form of [
      { matricule: family.matricule, phone: '+22893000001' },
      { matricule: 'STU-777', phone: family.motherPhone },
    ]) {
      expect((await askCode(school.slug, form)).statusCode).toBe(429);
    }
    expect(await codeSmsCount()).toBe(before);
    expect(await db().select().from(payerCodes)).toHaveLength(PAYER_CODES_PER_HOUR);

    // Unmatched requests are limited the same way.
    const stranger = { matricule: 'STU-404', phone: '+22893000002' };
    for (let index = 0; index < PAYER_CODES_PER_HOUR; index += 1) {
      codeIdOf(await askCode(school.slug, stranger));
    }
    const limited = await askCode(school.slug, stranger);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain(escapeHtml(PayerMessages.codeRateLimited));

    // An hour later, the phone may ask again.
    await db()
      .update(payerCodes)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(inArray(payerCodes.phone, [family.motherPhone]));
    await codeForMother();
  });
});
