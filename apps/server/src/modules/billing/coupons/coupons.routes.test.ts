import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ok, signUpSchool, type Call } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { createFamily, createOneOff, entriesOf, expectLedgerAgrees } from '../ledger.test-support';

const coupon = (overrides: Record<string, unknown> = {}) => ({
  code: 'RENTREE-2030',
  description: 'Rentrée 2030',
  kind: 'percent',
  value: 10,
  scope: 'all',
  validFrom: '2020-01-01',
  validUntil: '2099-12-31',
  maxUses: null,
  maxUsesPerFamily: null,
  ...overrides,
});

async function codeOf(response: ReturnType<Call>) {
  const answer = await response;
  return { status: answer.statusCode, code: answer.json().code as string | undefined };
}

describe('« Marketing › Coupons »: the coupons screen and the desk', () => {
  const { app, database } = useTestApp({ rateLimitPerMinute: 100_000 });

  it('creates, lists, searches, filters by derived status and pages ten at a time', async () => {
    const { call } = await signUpSchool(app());
    const created = await ok(call('POST', '/api/coupons', coupon({ code: 'rentree-2030' })), 201);
    expect(created).toMatchObject({
      code: 'RENTREE-2030',
      status: 'active',
      uses: 0,
      discountTotal: 0,
      disabled: false,
      archived: false,
    });
    expect(await ok(call('GET', `/api/coupons/${created.id}`))).toEqual(created);

    await ok(
      call(
        'POST',
        '/api/coupons',
        coupon({ code: 'ETE-2021', validFrom: '2021-06-01', validUntil: '2021-08-31' }),
      ),
      201,
    );
    const off = await ok(
      call('POST', '/api/coupons', coupon({ code: 'PAUSE-1', description: 'Parrainage' })),
      201,
    );
    expect(
      await ok(call('POST', `/api/coupons/${off.id}/actions`, { action: 'disable' })),
    ).toMatchObject({ status: 'disabled', disabled: true });
    for (let index = 0; index < 10; index += 1) {
      await ok(
        call('POST', '/api/coupons', coupon({ code: `LOT-${index}`, kind: 'fixed', value: 5_000 })),
        201,
      );
    }

    const first = await ok(call('GET', '/api/coupons'));
    expect(first).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(10);
    const second = await ok(call('GET', '/api/coupons?page=2'));
    expect(second.items).toHaveLength(3);

    const expired = await ok(call('GET', '/api/coupons?status=expired'));
    expect(expired.items.map((item: { code: string }) => item.code)).toEqual(['ETE-2021']);
    const disabled = await ok(call('GET', '/api/coupons?status=disabled'));
    expect(disabled.items.map((item: { code: string }) => item.code)).toEqual(['PAUSE-1']);
    expect((await ok(call('GET', '/api/coupons?status=active'))).total).toBe(11);
    const searched = await ok(call('GET', '/api/coupons?q=parrain'));
    expect(searched.items.map((item: { code: string }) => item.code)).toEqual(['PAUSE-1']);
    expect((await ok(call('GET', '/api/coupons?q=rentree'))).total).toBe(1);

    // Archived: out of the list, in the archived one; it can no longer be enabled nor edited.
    await ok(call('POST', `/api/coupons/${off.id}/actions`, { action: 'archive' }));
    expect((await ok(call('GET', '/api/coupons'))).total).toBe(12);
    const archived = await ok(call('GET', '/api/coupons?archived=true'));
    expect(archived.items.map((item: { code: string }) => item.code)).toEqual(['PAUSE-1']);
    expect(
      await codeOf(call('POST', `/api/coupons/${off.id}/actions`, { action: 'enable' })),
    ).toEqual({
      status: 409,
      code: 'COUPON_ARCHIVED',
    });
    expect(
      await codeOf(call('PUT', `/api/coupons/${off.id}`, coupon({ code: 'PAUSE-1' }))),
    ).toEqual({
      status: 409,
      code: 'COUPON_ARCHIVED',
    });

    const journal = await database().db.execute<{ action: string }>(
      sql`select action from audit_entries where resource_type = 'coupon' and resource_id = ${off.id} order by id`,
    );
    expect(journal.rows.map((row) => row.action)).toEqual([
      'coupon.created',
      'coupon.disabled',
      'coupon.archived',
    ]);
  });

  it('refuses bad input with its code, never half-written', async () => {
    const { call } = await signUpSchool(app());
    const refused = async (body: object) => codeOf(call('POST', '/api/coupons', body));
    expect(await refused(coupon({ value: 101 }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused(coupon({ validFrom: '2030-09-01', validUntil: '2030-08-31' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused(coupon({ scope: 'level' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused(coupon({ code: 'É!' }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused(coupon({ maxUses: 0 }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(await refused(coupon({ kind: 'fixed', value: -5 }))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    // NUL bytes: refused before anything is written.
    expect((await refused(coupon({ description: 'Promo\u0000' }))).status).toBe(400);
    expect((await refused(coupon({ code: 'NUL\u0000CODE' }))).status).toBe(400);
    // Another school's level is not found.
    const other = await signUpSchool(app(), 'Collège Voisin');
    const programme = await ok(other.call('POST', '/api/programmes', { name: 'Licence' }), 201);
    const level = await ok(
      other.call('POST', `/api/programmes/${programme.id}/levels`, {
        name: 'L1',
        registrationFee: 10_000,
        monthlyFee: 20_000,
      }),
      201,
    );
    expect(await refused(coupon({ scope: 'level', levelId: level.id }))).toEqual({
      status: 400,
      code: 'LEVEL_NOT_FOUND',
    });
    expect((await ok(call('GET', '/api/coupons'))).total).toBe(0);

    // The same code whatever its case: 409, one row.
    await ok(call('POST', '/api/coupons', coupon()), 201);
    expect(await refused(coupon({ code: 'Rentree-2030' }))).toEqual({
      status: 409,
      code: 'COUPON_CODE_TAKEN',
    });
    // Two members saving one code at once: one 201, the other 409, never a 500.
    const both = await Promise.all([
      call('POST', '/api/coupons', coupon({ code: 'DOUBLE-1' })),
      call('POST', '/api/coupons', coupon({ code: 'double-1' })),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((answer) => answer.statusCode === 409)!.json().code).toBe('COUPON_CODE_TAKEN');
    expect((await ok(call('GET', '/api/coupons?q=double'))).total).toBe(1);
    // Another school may use the same code.
    await ok(other.call('POST', '/api/coupons', coupon()), 201);
  });

  it('another school’s coupon is not found', async () => {
    const a = await signUpSchool(app(), 'École A');
    const b = await signUpSchool(app(), 'École B');
    const mine = await ok(a.call('POST', '/api/coupons', coupon()), 201);
    expect((await b.call('GET', `/api/coupons/${mine.id}`)).statusCode).toBe(404);
    expect((await b.call('PUT', `/api/coupons/${mine.id}`, coupon())).statusCode).toBe(404);
    expect(
      (await b.call('POST', `/api/coupons/${mine.id}/actions`, { action: 'disable' })).statusCode,
    ).toBe(404);
    expect((await b.call('GET', `/api/coupons/${mine.id}/redemptions`)).statusCode).toBe(404);
    // Its code is unknown at the other school's desk.
    const family = await createFamily(b.call, ['Afi Mensah']);
    const invoice = await createOneOff(b.call, family.children[0]!.id, 100_000, '2030-10-05');
    expect(
      await codeOf(b.call('POST', `/api/invoices/${invoice.id}/coupon`, { code: 'RENTREE-2030' })),
    ).toEqual({ status: 422, code: 'COUPON_UNKNOWN' });
  });

  it('the desk applies a coupon as a discount line posted to the ledger; the usage list shows it', async () => {
    const { call, organizationId } = await signUpSchool(app());
    const db = database().db;
    const made = await ok(call('POST', '/api/coupons', coupon({ maxUses: 1 })), 201);
    const family = await createFamily(call, ['Kossi Agbéko', 'Ama Agbéko']);
    const [kossi, ama] = family.children;
    const invoice = await createOneOff(call, kossi!.id, 150_005, '2030-10-05');

    const applied = await ok(
      call('POST', `/api/invoices/${invoice.id}/coupon`, { code: ' rentree-2030 ' }),
    );
    expect(applied).toEqual({
      code: 'RENTREE-2030',
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      discount: 15_001,
      balance: 135_004,
      label: 'Coupon RENTREE-2030 (−10 %)',
    });
    const detail = await ok(call('GET', `/api/invoices/${invoice.id}`));
    expect(detail.total).toBe(135_004);
    const line = detail.lines.find((item: { kind: string }) => item.kind === 'coupon');
    expect(line).toMatchObject({ amount: -15_001, label: 'Coupon RENTREE-2030 (−10 %)' });
    expect(await entriesOf(db, organizationId, `line:${line.id}`)).toEqual([
      { journal: 'OD', account: '4111', auxiliary: kossi!.matricule, debit: 0, credit: 15_001 },
      { journal: 'OD', account: '7069', auxiliary: null, debit: 15_001, credit: 0 },
    ]);
    await expectLedgerAgrees(db, organizationId);

    expect(
      await codeOf(call('POST', `/api/invoices/${invoice.id}/coupon`, { code: 'RENTREE-2030' })),
    ).toEqual({
      status: 409,
      code: 'COUPON_ALREADY_ON_INVOICE',
    });
    const other = await createOneOff(call, ama!.id, 80_000, '2030-10-05');
    expect(
      await codeOf(call('POST', `/api/invoices/${other.id}/coupon`, { code: 'RENTREE-2030' })),
    ).toEqual({
      status: 422,
      code: 'COUPON_EXHAUSTED',
    });
    expect(await ok(call('GET', `/api/coupons/${made.id}`))).toMatchObject({
      uses: 1,
      discountTotal: 15_001,
      status: 'exhausted',
    });
    expect((await ok(call('GET', '/api/coupons?status=exhausted'))).total).toBe(1);

    const usage = await ok(call('GET', `/api/coupons/${made.id}/redemptions`));
    expect(usage).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(usage.items[0]).toMatchObject({
      student: { id: kossi!.id, fullName: 'Kossi Agbéko', matricule: kossi!.matricule },
      invoiceNumber: invoice.number,
      amount: 15_001,
      channel: 'desk',
      status: 'applied',
    });

    // Used: its value no longer changes; its description, days and limits do.
    expect(
      await codeOf(call('PUT', `/api/coupons/${made.id}`, coupon({ maxUses: 1, value: 20 }))),
    ).toEqual({
      status: 409,
      code: 'COUPON_IN_USE',
    });
    const edited = await ok(
      call('PUT', `/api/coupons/${made.id}`, coupon({ maxUses: 5, description: 'Prolongé' })),
    );
    expect(edited).toMatchObject({ description: 'Prolongé', maxUses: 5, status: 'active' });
    const journal = await db.execute<{ action: string; category: string }>(
      sql`select action, category from audit_entries where resource_type = 'coupon' and resource_id = ${made.id} order by id`,
    );
    expect(journal.rows).toEqual([
      { action: 'coupon.created', category: 'settings' },
      { action: 'coupon.applied', category: 'invoice' },
      { action: 'coupon.updated', category: 'settings' },
    ]);
  });
});
