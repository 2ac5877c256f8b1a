import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { findOrganizationsByIds } from '../../organizations';
import type { PaymentsContext } from '../../payments';
import { openInvoices, schoolWithFamily } from '../../../test/payments-harness';
import { ok } from '../../../test/school-fixture';
import { testAppOptions } from '../../../test/test-app';
import { createLinkSigner, issuePaymentLink } from './payment-links';
import type { PaymentLinkPurpose } from '@ecolage/contracts';

/** The signer of the test app (same secret): links made here open there. */
export const testSigner = createLinkSigner(testAppOptions({} as never).jwtSecret);

/**
 * A school whose guardian pays for two children: Kossi (L1, monthly) and Ama (M1, tranches),
 * each with open invoices; the guardian's phone is Togolese.
 */
export async function familyOfTwo(app: FastifyInstance, context: PaymentsContext, phone: string) {
  const school = await schoolWithFamily(app, phone);
  const { call } = school;
  const programmes = await ok(call('GET', '/api/programmes'));
  const master = programmes.items.find(
    (programme: { name: string }) => programme.name === 'Master Droit',
  );
  const m1 = master.levels[0];
  const ama = await ok(call('POST', '/api/students', { fullName: 'Ama Agbéko' }), 201);
  await ok(
    call('POST', `/api/students/${ama.id}/guardians`, {
      guardianId: school.guardianId,
      relation: 'mother',
      mainPayer: true,
    }),
    201,
  );
  await ok(
    call('POST', `/api/students/${ama.id}/enrolments`, {
      levelId: m1.id,
      academicYearId: school.year.id,
    }),
    201,
  );
  const amaInvoices = await openInvoices(call, ama.id);
  expect(amaInvoices.length).toBeGreaterThan(0);
  const [organization] = await findOrganizationsByIds(context.db, [school.organizationId]);
  return {
    ...school,
    schoolName: organization!.name,
    slug: organization!.slug,
    kossi: school.student,
    ama,
    kossiInvoices: school.invoices,
    amaInvoices,
  };
}

/** A link of the family (or of one student), as staff or an SMS would hand it out. */
export async function linkOf(
  context: PaymentsContext,
  family: { organizationId: string; guardianId: string },
  options: { studentId?: string; purpose?: PaymentLinkPurpose; now?: Date } = {},
) {
  return issuePaymentLink(context.db, testSigner, {
    organizationId: family.organizationId,
    guardianId: family.guardianId,
    studentId: options.studentId ?? null,
    purpose: options.purpose ?? 'message',
    createdBy: 'Test',
    now: options.now ?? context.now(),
  });
}

/** The hidden idempotency key of the link page's form. */
export function formKey(page: string): string {
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1];
  if (!key) throw new Error('no idempotency key in the page');
  return key;
}

/** Posts the link page's form the way a browser does (urlencoded, repeated invoiceIds). */
export function postLinkForm(
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
    url: `/payer/l/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/** Opens the link page, which must answer 200, and returns its HTML. */
export async function openLinkPage(app: FastifyInstance, token: string): Promise<string> {
  const page = await app.inject({ method: 'GET', url: `/payer/l/${token}` });
  expect(page.statusCode, page.body).toBe(200);
  return page.body;
}
