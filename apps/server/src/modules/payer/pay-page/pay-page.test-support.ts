import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { testAppOptions, useTestApp } from '../../../test/test-app';
import { auditEntries } from '../../audit/audit.tables';
import { outboundMessages } from '../../messaging/messaging.tables';
import { organizations } from '../../organizations/organizations.tables';
import { createLinkSigner } from '..';
import { payerCodes } from '../payer.tables';

export interface School {
  id: string;
  slug: string;
}

/** A six-digit code other than `code`. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * The pay page's tests: an app on a fresh database, « Collège Lumière » whose student STU-001
 * (Abla Kuassi, her own phone) is paid for by her mother (the main payer), and another school with
 * its own STU-001 and another phone. Every test starts with no code asked for.
 */
export function usePayPage() {
  const { app, database } = useTestApp();
  const db = () => database().db;
  /** The app's own link signer: same secret. */
  const signer = () => createLinkSigner(testAppOptions(database()).jwtSecret);
  const school: School = { id: '', slug: '' };
  const otherSchool: School = { id: '', slug: '' };
  const family = {
    studentId: '',
    matricule: 'STU-001',
    guardianId: '',
    motherPhone: '+22890112233',
    studentPhone: '+22891445566',
  };

  async function schoolOf(organizationId: string): Promise<School> {
    const [row] = await db()
      .select({ slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return { id: organizationId, slug: row!.slug };
  }

  beforeAll(async () => {
    const lumiere = await signUpSchool(app(), 'Collège Lumière');
    const student = await ok(
      lumiere.call('POST', '/api/students', { fullName: 'Abla Kuassi', phone: '91 44 55 66' }),
      201,
    );
    const mother = await ok(
      lumiere.call('POST', `/api/students/${student.id}/guardians`, {
        fullName: 'Afiwa Kuassi',
        phone: '+228 90 11 22 33',
        relation: 'mother',
        mainPayer: true,
      }),
      201,
    );
    Object.assign(family, {
      studentId: student.id,
      matricule: student.matricule,
      guardianId: mother.id,
    });
    Object.assign(school, await schoolOf(lumiere.organizationId));

    // Another school has its own STU-001, paid for from another phone.
    const autre = await signUpSchool(app(), 'Lycée du Plateau');
    const theirs = await ok(autre.call('POST', '/api/students', { fullName: 'Kodjo Amedee' }), 201);
    await ok(
      autre.call('POST', `/api/students/${theirs.id}/guardians`, {
        fullName: 'Yawa Amedee',
        phone: '+22899887766',
        relation: 'father',
        mainPayer: true,
      }),
      201,
    );
    Object.assign(otherSchool, await schoolOf(autre.organizationId));
  });

  // Each test starts with no code asked for: the hourly limits count from zero.
  beforeEach(async () => {
    await db().delete(payerCodes);
  });

  /** Each request from its own address, unless a test says otherwise (the per-IP limit). */
  let lastIp = 0;
  const freshIp = () => `10.0.${Math.floor(++lastIp / 250)}.${(lastIp % 250) + 1}`;

  function askCode(
    slug: string,
    form: { matricule?: string; phone?: string },
    ip: string = freshIp(),
  ) {
    return app().inject({
      method: 'POST',
      url: `/payer/${slug}/code`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form as Record<string, string>).toString(),
      remoteAddress: ip,
    });
  }

  function typeCode(slug: string, codeId: string, code: string, ip: string = freshIp()) {
    return app().inject({
      method: 'POST',
      url: `/payer/${slug}/code/${codeId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code }).toString(),
      remoteAddress: ip,
    });
  }

  const CODE_PAGE = /^\/payer\/([a-z0-9-]+)\/code\/([0-9a-f-]{36})$/;

  /** The code's id from the answer's 303 to the code page. */
  function codeIdOf(response: { statusCode: number; headers: Record<string, unknown> }): string {
    expect(response.statusCode).toBe(303);
    const match = CODE_PAGE.exec(String(response.headers.location));
    expect(match).not.toBeNull();
    return match![2]!;
  }

  /** The one-time codes texted to `phone` so far, oldest first. */
  async function codesTextedTo(phone: string): Promise<string[]> {
    const rows = await db()
      .select({ body: outboundMessages.body })
      .from(outboundMessages)
      .where(
        and(eq(outboundMessages.recipient, phone), eq(outboundMessages.template, 'payer.code')),
      )
      .orderBy(asc(outboundMessages.createdAt));
    return rows.map((row) => /est (\d{6})\./.exec(row.body)![1]!);
  }

  async function codeSmsCount(): Promise<number> {
    const rows = await db()
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(eq(outboundMessages.template, 'payer.code'));
    return rows.length;
  }

  async function auditOf(action: string) {
    return db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.organizationId, school.id), eq(auditEntries.action, action)));
  }

  /** A code asked for and texted to the mother: its id and the six digits. */
  async function codeForMother() {
    const before = (await codesTextedTo(family.motherPhone)).length;
    const codeId = codeIdOf(
      await askCode(school.slug, { matricule: family.matricule, phone: family.motherPhone }),
    );
    const codes = await codesTextedTo(family.motherPhone);
    expect(codes).toHaveLength(before + 1);
    return { codeId, code: codes.at(-1)! };
  }

  return {
    app,
    db,
    signer,
    school,
    otherSchool,
    family,
    schoolOf,
    askCode,
    typeCode,
    codeIdOf,
    codesTextedTo,
    codeSmsCount,
    auditOf,
    codeForMother,
  };
}
