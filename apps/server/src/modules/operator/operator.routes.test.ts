import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logIn } from '../../test/auth-helpers';
import { ok } from '../../test/school-fixture';
import { testAppOptions } from '../../test/test-app';
import { saveUpload } from '../../platform/storage';
import { changePlatformRole } from '../auth';
import { insertPayment } from '../payments/list/payment-records.test-support';
import { OPERATOR, useOperatorConsole } from './operator.test-support';

describe('the platform operator console (/api/operator): access, schools, KYC', () => {
  const { app, database, db, state, asOperator } = useOperatorConsole();

  it('logs an operator without a school into a session without one, renewed as such', async () => {
    const session = await logIn(app(), OPERATOR.email, OPERATOR.password);
    expect(session.body).toMatchObject({
      platformRole: 'operator',
      organization: null,
      memberships: [],
      user: { name: 'Sena Kouévi' },
    });
    expect(session.body.permissions).toBeUndefined();
    const refreshed = await app().inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { ecolage_refresh: state.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ platformRole: 'operator', organization: null });
    const { rows } = await db().execute<{ count: number }>(sql`
      select count(*)::int as count from audit_entries
      where organization_id is null and action = 'auth.logged_in'`);
    expect(rows[0]?.count).toBeGreaterThanOrEqual(2);
  });

  it('answers 401 without a session and 403 OPERATOR_ONLY to a school Super administration on every operator route', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operatorRoutes = Object.entries(
      document.paths as Record<string, Record<string, { 'x-operator'?: boolean }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation['x-operator'])
        .map(([method, operation]) => ({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path.replace(/\{\w+\}/g, randomUUID()),
          operation,
        })),
    );
    expect(operatorRoutes.length).toBeGreaterThanOrEqual(10);
    for (const { method, url } of operatorRoutes) {
      const anonymous = await app().inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const member = await app().inject({
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
        headers: { authorization: `Bearer ${state.school.token}` },
      });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(member.json().code).toBe('OPERATOR_ONLY');
    }
  });

  it('refuses the operator without a school on every school route (403 or 401), whatever the family', async () => {
    const document = (await app().inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schoolRoutes = Object.entries(
      document.paths as Record<
        string,
        Record<string, { security?: unknown[]; 'x-operator'?: boolean }>
      >,
    ).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security && !operation['x-operator'])
        .map(([method]) => ({
          method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
          url: path.replace(/\{\w+\}/g, randomUUID()),
        })),
    );
    const families = new Set(schoolRoutes.map((route) => route.url.split('/')[2]));
    expect(families.size).toBeGreaterThanOrEqual(10);
    for (const family of ['students', 'payments', 'invoices', 'receipts', 'members']) {
      expect(families, family).toContain(family);
    }
    for (const { method, url } of schoolRoutes) {
      const response = await app().inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        headers: { authorization: `Bearer ${state.token}` },
      });
      expect([401, 403], `${method} ${url}: ${response.body}`).toContain(response.statusCode);
    }
  });

  it('lists the schools by page, searched and filtered, with their volumes', async () => {
    const all = await ok(asOperator('GET', '/api/operator/schools?pageSize=1'));
    expect(all.total).toBe(2);
    expect(all.items).toHaveLength(1);
    // Newest first.
    expect(all.items[0].name).toBe('Lycée Les Cocotiers');
    const second = await ok(asOperator('GET', '/api/operator/schools?pageSize=1&page=2'));
    expect(second.items[0]).toMatchObject({
      name: 'Collège Sainte-Rita de Lomé',
      plan: 'croissance',
      status: 'active',
      kycStatus: 'a_envoyer',
      membersCount: 1,
    });
    // Accent- and case-free, on the name, the slug and the city.
    const byCity = await ok(asOperator('GET', '/api/operator/schools?q=KPALIME'));
    expect(byCity.items.map((item: { name: string }) => item.name)).toEqual([
      'Lycée Les Cocotiers',
    ]);
    const byName = await ok(asOperator('GET', '/api/operator/schools?q=sainte%20rita'));
    expect(byName.total).toBe(1);
    const byPlan = await ok(asOperator('GET', '/api/operator/schools?plan=decouverte'));
    expect(byPlan.items.map((item: { id: string }) => item.id)).toEqual([
      state.other.organizationId,
    ]);
    const bad = await asOperator('GET', '/api/operator/schools?kyc=peut-etre');
    expect(bad.statusCode).toBe(400);

    // Volumes: succeeded payments of this month and year, less refunds.
    const student = await ok(
      state.school.call('POST', '/api/students', { fullName: 'Kossi Agbéko' }),
      201,
    );
    const guardian = await ok(
      state.school.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Akossiwa Agbéko',
        phone: '90112233',
        relation: 'mother',
      }),
      201,
    );
    const now = new Date();
    const january = new Date(Date.UTC(now.getUTCFullYear(), 0, 1, 10));
    const base = { organizationId: state.school.organizationId, guardianId: guardian.id };
    const today = await insertPayment(db(), {
      ...base,
      createdAt: new Date(now.getTime() - 3600_000),
      amount: 70_000,
    });
    await insertPayment(db(), {
      ...base,
      createdAt:
        now.getUTCMonth() === 0 ? new Date(Date.UTC(now.getUTCFullYear() - 1, 11, 1)) : january,
      amount: 30_000,
    });
    await insertPayment(db(), {
      ...base,
      createdAt: new Date(now.getTime() - 7200_000),
      amount: 99_000,
      status: 'failed',
    });
    await db().execute(sql`insert into payment_refunds
      (id, organization_id, attempt_id, amount, reason, method, status, requested_by, completed_at)
      values (${randomUUID()}, ${state.school.organizationId}, ${today}, 5000, 'Trop-perçu', 'manual', 'succeeded', 'Test', now())`);
    const detail = await ok(
      asOperator('GET', `/api/operator/schools/${state.school.organizationId}`),
    );
    expect(detail).toMatchObject({
      collectedThisMonth: 65_000,
      collectedThisYear: now.getUTCMonth() === 0 ? 65_000 : 95_000,
      contact: { email: null, phone: null },
    });
    const missing = await asOperator('GET', `/api/operator/schools/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('OPERATOR_SCHOOL_NOT_FOUND');
  });

  it('shows a school its KYC documents, opens one inline and validates or refuses it', async () => {
    const files = testAppOptions(database()).storage;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const stored = await saveUpload(files, 'kyc', pdf, 'pdf');
    const { rows: members } = await db().execute<{ user_id: string }>(sql`
      select user_id from memberships where organization_id = ${state.school.organizationId}`);
    const upload = async (kind: string) => {
      const { rows } = await db().execute<{ id: string }>(sql`insert into kyc_documents
        (organization_id, kind, stored_file, original_file_name, mime, size_bytes, sha256, uploaded_by)
        values (${state.school.organizationId}, ${kind}, ${stored}, ${'Statuts signés é.pdf'}, 'application/pdf',
          ${pdf.length}, 'x', ${members[0]!.user_id}) returning id`);
      return rows[0]!.id;
    };
    const statuts = await upload('statuts');
    const identity = await upload('piece_identite');

    const toReview = await ok(asOperator('GET', '/api/operator/schools?kyc=soumis'));
    expect(toReview.items.map((item: { id: string }) => item.id)).toEqual([
      state.school.organizationId,
    ]);
    expect(toReview.items[0].kycStatus).toBe('a_envoyer');
    const detail = await ok(
      asOperator('GET', `/api/operator/schools/${state.school.organizationId}`),
    );
    expect(detail.kyc.documents).toHaveLength(4);
    expect(detail.kyc.documents[0]).toMatchObject({
      kind: 'statuts',
      document: { id: statuts, status: 'soumis', fileName: 'Statuts signés é.pdf' },
    });
    expect(detail.planTerms).toMatchObject({ plan: 'croissance', commissionRateBp: 200 });

    const file = await asOperator(
      'GET',
      `/api/operator/schools/${state.school.organizationId}/kyc-documents/${statuts}/file`,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="Statuts_signes_e.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    // Another school's id: not found, as for any foreign record.
    const foreign = await asOperator(
      'GET',
      `/api/operator/schools/${state.other.organizationId}/kyc-documents/${statuts}/file`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('OPERATOR_KYC_DOCUMENT_NOT_FOUND');

    const review = (documentId: string, body: object) =>
      asOperator(
        'POST',
        `/api/operator/schools/${state.school.organizationId}/kyc-documents/${documentId}/review`,
        body,
      );
    const noReason = await review(identity, { decision: 'refuse' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().issues[0].path).toBe('reason');
    const tooShort = await review(identity, { decision: 'refuse', reason: 'no' });
    expect(tooShort.statusCode).toBe(400);
    const refused = await ok(review(identity, { decision: 'refuse', reason: 'Pièce expirée' }));
    expect(refused).toMatchObject({ status: 'refuse', refusalReason: 'Pièce expirée' });
    expect(await ok(review(statuts, { decision: 'valide' }))).toMatchObject({ status: 'valide' });
    const unknown = await review(randomUUID(), { decision: 'valide' });
    expect(unknown.statusCode).toBe(404);

    // The school sees it; both chains have it, the operator as actor.
    const details = await ok(state.school.call('GET', '/api/settings/details'));
    expect(details.kyc.status).toBe('refuse');
    const { rows } = await db().execute<{
      organization_id: string | null;
      actor_label: string;
    }>(sql`
      select organization_id, actor_label from audit_entries
      where action in ('kyc.document_validated', 'kyc.document_refused') order by id`);
    expect(rows).toEqual([
      { organization_id: state.school.organizationId, actor_label: 'Sena Kouévi' },
      { organization_id: null, actor_label: 'Sena Kouévi' },
      { organization_id: state.school.organizationId, actor_label: 'Sena Kouévi' },
      { organization_id: null, actor_label: 'Sena Kouévi' },
    ]);
    const refusedSchools = await ok(asOperator('GET', '/api/operator/schools?kyc=refuse'));
    expect(refusedSchools.total).toBe(1);
    const stillToReview = await ok(asOperator('GET', '/api/operator/schools?kyc=soumis'));
    expect(stillToReview.total).toBe(0);
  });

  it('refuses at once an operator whose role was revoked', async () => {
    const session = await logIn(app(), OPERATOR.email, OPERATOR.password);
    await db().transaction((tx) => changePlatformRole(tx, 'operateur@ecolage.tg', null, 'Test'));
    const response = await app().inject({
      method: 'GET',
      url: '/api/operator/schools',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('OPERATOR_ONLY');
    const refused = await app().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'operateur@ecolage.tg', password: 'motdepasse-solide' },
    });
    expect(refused.statusCode).toBe(401);
    await db().transaction((tx) =>
      changePlatformRole(tx, 'operateur@ecolage.tg', 'operator', 'Test'),
    );
  });

  it('lets an operator who is also a school member use both', async () => {
    await db().transaction((tx) => changePlatformRole(tx, state.school.email, 'operator', 'Test'));
    const session = await logIn(app(), state.school.email, state.school.password);
    expect(session.body).toMatchObject({
      platformRole: 'operator',
      organization: { id: state.school.organizationId },
    });
    const headers = { authorization: `Bearer ${session.accessToken}` };
    expect(
      (await app().inject({ method: 'GET', url: '/api/operator/schools', headers })).statusCode,
    ).toBe(200);
    expect((await app().inject({ method: 'GET', url: '/api/students', headers })).statusCode).toBe(
      200,
    );
  });
});
