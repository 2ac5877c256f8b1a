import { randomUUID } from 'node:crypto';
import type { DomainErrorCode } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/errors';
import { systemActor, type ActingMember } from '../../../platform/http/acting-member';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { createFamily, createOneOff, expectLedgerAgrees } from '../ledger.test-support';
import {
  applyCouponReservation,
  redeemCoupon,
  releaseCouponReservation,
  reserveCoupon,
} from './coupon-redemption.service';

const base = {
  description: '',
  kind: 'percent',
  value: 10,
  scope: 'all',
  validFrom: '2020-01-01',
  validUntil: '2099-12-31',
};

async function makeCoupon(call: Call, code: string, overrides: Record<string, unknown> = {}) {
  return ok(call('POST', '/api/coupons', { ...base, code, ...overrides }), 201);
}

/** The refusal's code of a redemption (its transaction rolled back), or 'OK'. */
async function outcome(work: Promise<unknown>): Promise<DomainErrorCode | 'OK'> {
  try {
    await work;
    return 'OK';
  } catch (error) {
    if (error instanceof AppError) return error.code as DomainErrorCode;
    throw error;
  }
}

function redeem(
  db: Database,
  acting: ActingMember,
  input: { code: string; invoiceId: string; guardianId?: string | null },
) {
  return db.transaction((tx) => redeemCoupon(tx, acting, { channel: 'pay_page', ...input }));
}

async function usesOf(db: Database, couponId: string) {
  const { rows } = await db.execute<{ status: string; count: number }>(
    sql`select status, count(*)::int as count from coupon_redemptions
      where coupon_id = ${couponId} group by status order by status`,
  );
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

describe('coupons at payment: refusals, limits, ledger, reservations, concurrency', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('refuses each way a coupon cannot be used, with its code, and writes nothing', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const db = database().db;
    const acting = systemActor(organizationId, 'Parent');
    const family = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko', 'Yao Agbéko']);
    const [kossi, ama, yao] = family.children;
    const invoice = await createOneOff(call, kossi!.id, 100_000, '2030-10-05');
    const second = await createOneOff(call, ama!.id, 100_000, '2030-10-05');
    const third = await createOneOff(call, yao!.id, 100_000, '2030-10-05');
    const draft = await createOneOff(call, kossi!.id, 100_000, '2030-10-05', false);

    const off = await makeCoupon(call, 'OFF-1');
    await ok(call('POST', `/api/coupons/${off.id}/actions`, { action: 'disable' }));
    await makeCoupon(call, 'PLUS-TARD', { validFrom: '2099-01-01' });
    await makeCoupon(call, 'TROP-TARD', { validFrom: '2021-01-01', validUntil: '2021-12-31' });
    await makeCoupon(call, 'GROS-FIXE', { kind: 'fixed', value: 100_001 });
    const level = await makeCoupon(call, 'NIVEAU', {
      scope: 'level',
      levelId: (await setUpProgrammes(call)).l1.id,
    });
    await makeCoupon(call, 'INSCRIPTION', { scope: 'registration' });
    const perFamily = await makeCoupon(call, 'FAMILLE', { maxUsesPerFamily: 2 });

    const refusals: [string, string, DomainErrorCode][] = [
      ['INCONNU', invoice.id, 'COUPON_UNKNOWN'],
      ['??', invoice.id, 'COUPON_UNKNOWN'],
      ['OFF-1', invoice.id, 'COUPON_DISABLED'],
      ['PLUS-TARD', invoice.id, 'COUPON_NOT_YET_VALID'],
      ['TROP-TARD', invoice.id, 'COUPON_EXPIRED'],
      ['GROS-FIXE', invoice.id, 'COUPON_OVER_INVOICE'],
      ['NIVEAU', invoice.id, 'COUPON_NOT_APPLICABLE'],
      ['INSCRIPTION', invoice.id, 'COUPON_NOT_APPLICABLE'],
      ['FAMILLE', draft.id, 'COUPON_NOT_APPLICABLE'],
    ];
    for (const [code, invoiceId, expected] of refusals) {
      expect(await outcome(redeem(db, acting, { code, invoiceId })), code).toBe(expected);
    }
    expect(await outcome(redeem(db, acting, { code: 'RENTREE', invoiceId: randomUUID() }))).toBe(
      'INVOICE_NOT_FOUND',
    );
    try {
      await redeem(db, acting, { code: 'TROP-TARD', invoiceId: invoice.id });
    } catch (error) {
      expect((error as AppError).params).toEqual({ date: '2021-12-31' });
    }
    try {
      await redeem(db, acting, { code: 'GROS-FIXE', invoiceId: invoice.id });
    } catch (error) {
      expect((error as AppError).params).toEqual({ amount: 100_001, balance: 100_000 });
    }

    // The family's limit: two children's invoices, not the third (the same main payer).
    expect(await outcome(redeem(db, acting, { code: 'famille', invoiceId: invoice.id }))).toBe(
      'OK',
    );
    expect(await outcome(redeem(db, acting, { code: 'FAMILLE', invoiceId: invoice.id }))).toBe(
      'COUPON_ALREADY_ON_INVOICE',
    );
    expect(await outcome(redeem(db, acting, { code: 'FAMILLE', invoiceId: second.id }))).toBe('OK');
    expect(await outcome(redeem(db, acting, { code: 'FAMILLE', invoiceId: third.id }))).toBe(
      'COUPON_FAMILY_LIMIT',
    );
    expect(await usesOf(db, perFamily.id)).toEqual({ applied: 2 });
    expect(await usesOf(db, level.id)).toEqual({});
    const lines = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from invoice_lines where organization_id = ${organizationId} and kind = 'coupon'`,
    );
    expect(lines.rows[0]!.count).toBe(2);
    await expectLedgerAgrees(db, organizationId);
  });

  it('a pre-registration holds a use, applied at acceptance to the registration invoice or released', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const db = database().db;
    const acting = systemActor(organizationId, 'Formulaire');
    const { licence, l1, master, m1 } = await setUpProgrammes(call);
    const registration = await makeCoupon(call, 'INSCRIPTION-50', {
      scope: 'registration',
      value: 50,
      maxUses: 2,
    });
    const family = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko']);
    const [kossi, ama] = family.children;
    const admission = randomUUID();
    const input = {
      code: 'inscription-50',
      admissionId: admission,
      studentId: kossi!.id,
      programmeId: licence.id,
      levelId: l1.id,
    };
    const held = await db.transaction((tx) => reserveCoupon(tx, acting, input));
    expect(held).toEqual({ couponId: registration.id, code: 'INSCRIPTION-50' });
    // Again for the same pre-registration: the same held use.
    await db.transaction((tx) => reserveCoupon(tx, acting, input));
    expect(await usesOf(db, registration.id)).toEqual({ reserved: 1 });
    expect(await ok(call('GET', `/api/coupons/${registration.id}`))).toMatchObject({ uses: 1 });

    // Accepted: the enrolment's invoices are issued, then the held use lands on « Inscription ».
    await ok(call('POST', `/api/students/${kossi!.id}/enrolments`, { levelId: l1.id }), 201);
    const applied = await db.transaction((tx) => applyCouponReservation(tx, acting, admission));
    expect(applied).toMatchObject({
      code: 'INSCRIPTION-50',
      discount: 25_000,
      balance: 25_000,
      label: 'Coupon INSCRIPTION-50 (−50 %)',
    });
    expect(await db.transaction((tx) => applyCouponReservation(tx, acting, admission))).toEqual(
      applied,
    );
    const invoice = await ok(
      call('GET', `/api/invoices/${(applied as { invoiceId: string }).invoiceId}`),
    );
    expect(invoice.lines.map((line: { kind: string }) => line.kind)).toEqual([
      'registration',
      'coupon',
    ]);
    expect(await usesOf(db, registration.id)).toEqual({ applied: 1 });
    await expectLedgerAgrees(db, organizationId);

    // Refused: the held use is released and counts no more.
    const refused = randomUUID();
    await db.transaction((tx) =>
      reserveCoupon(tx, acting, { ...input, admissionId: refused, studentId: ama!.id }),
    );
    expect(await usesOf(db, registration.id)).toEqual({ applied: 1, reserved: 1 });
    await db.transaction((tx) => releaseCouponReservation(tx, acting, refused));
    await db.transaction((tx) => releaseCouponReservation(tx, acting, refused));
    expect(await usesOf(db, registration.id)).toEqual({ applied: 1, released: 1 });
    expect(await db.transaction((tx) => applyCouponReservation(tx, acting, refused))).toBeNull();

    // A held use whose student has no eligible invoice at acceptance is released, with the reason.
    const nothing = randomUUID();
    await db.transaction((tx) =>
      reserveCoupon(tx, acting, { ...input, admissionId: nothing, studentId: ama!.id }),
    );
    const released = await db.transaction((tx) => applyCouponReservation(tx, acting, nothing));
    expect(released).toEqual({ released: expect.any(String) });
    expect(await usesOf(db, registration.id)).toEqual({ applied: 1, released: 2 });

    // Out of scope at the form: a level coupon for another level.
    const levelOnly = await makeCoupon(call, 'M1-SEUL', { scope: 'level', levelId: m1.id });
    expect(
      await outcome(
        db.transaction((tx) =>
          reserveCoupon(tx, acting, { ...input, code: 'M1-SEUL', admissionId: randomUUID() }),
        ),
      ),
    ).toBe('COUPON_NOT_APPLICABLE');
    expect(
      await outcome(
        db.transaction((tx) =>
          reserveCoupon(tx, acting, {
            ...input,
            code: 'M1-SEUL',
            admissionId: randomUUID(),
            programmeId: master.id,
            levelId: m1.id,
          }),
        ),
      ),
    ).toBe('OK');
    expect(await usesOf(db, levelOnly.id)).toEqual({ reserved: 1 });
  });

  it('twenty families redeeming the last use at once: exactly one succeeds', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const db = database().db;
    const acting = systemActor(organizationId, 'Parent');
    const limit = 3;
    const made = await makeCoupon(call, 'DERNIER', { kind: 'fixed', value: 1_000, maxUses: limit });
    const invoices: string[] = [];
    for (let index = 0; index < limit - 1 + 20; index += 1) {
      const family = await createFamily(call, [`Élève ${index}`]);
      invoices.push((await createOneOff(call, family.children[0]!.id, 50_000, '2030-10-05')).id);
    }
    for (const invoiceId of invoices.slice(0, limit - 1)) {
      await redeem(db, acting, { code: 'DERNIER', invoiceId });
    }
    const outcomes = await Promise.all(
      invoices
        .slice(limit - 1)
        .map((invoiceId) => outcome(redeem(db, acting, { code: 'DERNIER', invoiceId }))),
    );
    expect(outcomes.filter((result) => result === 'OK')).toHaveLength(1);
    expect(outcomes.filter((result) => result === 'COUPON_EXHAUSTED')).toHaveLength(19);
    expect(await usesOf(db, made.id)).toEqual({ applied: limit });
    const lines = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from invoice_lines where organization_id = ${organizationId} and kind = 'coupon'`,
    );
    expect(lines.rows[0]!.count).toBe(limit);
    expect(await ok(call('GET', `/api/coupons/${made.id}`))).toMatchObject({
      uses: limit,
      status: 'exhausted',
    });
    await expectLedgerAgrees(db, organizationId);
  });
});
