import { KYC_MAX_BYTES } from '@ecolage/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../../test/members';
import { ok, signUpSchool } from '../../../test/school-fixture';
import { useTestApp } from '../../../test/test-app';
import { pngOf, SMALL_PDF, upload } from '../settings.test-support';
import { kycStatusOfSchools, listSchoolKyc, reviewKycDocument } from '../index';

describe('KYC documents: upload, download, review', () => {
  const { app, database } = useTestApp();
  let school: Awaited<ReturnType<typeof signUpSchool>>;
  let other: Awaited<ReturnType<typeof signUpSchool>>;
  let operatorId = '';
  const send = (
    fields: Record<string, string>,
    file: { name: string; type: string; bytes: Buffer } | null,
    token = school.token,
    fileFirst = false,
  ) => upload(app(), token, '/api/settings/kyc-documents', fields, file, fileFirst);
  const pdf = { name: 'statuts-rccm.pdf', type: 'application/pdf', bytes: SMALL_PDF };

  beforeAll(async () => {
    school = await signUpSchool(app(), 'Collège Kɔffi');
    other = await signUpSchool(app(), 'École Voisine');
    const { rows } = await database().db.execute<{ id: string }>(sql`
      select u.id from users u join memberships m on m.user_id = u.id
       where m.organization_id = ${other.organizationId} limit 1`);
    operatorId = rows[0]!.id;
  });

  it('stores a PDF as « soumis », journals it, and lets the school download it as sent', async () => {
    const answer = await send({ kind: 'statuts' }, pdf);
    expect(answer.statusCode, answer.body).toBe(201);
    const document = answer.json();
    expect(document).toMatchObject({
      kind: 'statuts',
      fileName: 'statuts-rccm.pdf',
      mime: 'application/pdf',
      size: SMALL_PDF.length,
      status: 'soumis',
      refusalReason: null,
    });
    const file = await school.call('GET', `/api/settings/kyc-documents/${document.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      'attachment; filename="statuts-rccm.pdf"',
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(SMALL_PDF)).toBe(true);
    const { rows } = await database().db.execute<{ n: number }>(sql`
      select count(*)::int as n from audit_entries
       where organization_id = ${school.organizationId} and action = 'kyc.document_submitted'`);
    expect(rows[0]?.n).toBe(1);
  });

  it('reads the kind sent after the file too, and takes a PNG scan', async () => {
    const png = { name: 'piece.png', type: 'image/png', bytes: await pngOf(40, 30) };
    const answer = await send({ kind: 'piece_identite' }, png, school.token, true);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ kind: 'piece_identite', mime: 'image/png' });
  });

  it('refuses a renamed file, an oversized file, no file, an unknown kind: nothing stored', async () => {
    const renamed = await send(
      { kind: 'autorisation' },
      {
        name: 'autorisation.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('MZ\u0090 exécutable'),
      },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ code: 'KYC_FILE_TYPE_INVALID' });
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    SMALL_PDF.copy(big);
    const tooLarge = await send({ kind: 'autorisation' }, { ...pdf, bytes: big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({
      code: 'KYC_FILE_TOO_LARGE',
      params: { maxMegabytes: KYC_MAX_BYTES / 1024 / 1024 },
    });
    const noFile = await send({ kind: 'autorisation' }, null);
    expect(noFile.json()).toMatchObject({ code: 'KYC_FILE_REQUIRED' });
    const badKind = await send({ kind: 'passeport' }, pdf);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json()).toMatchObject({ code: 'KYC_FILE_REQUIRED', issues: [{ path: 'kind' }] });
    const nulName = await send({ kind: 'autorisation' }, { ...pdf, name: 'a\u0000.pdf' });
    expect(nulName.statusCode).toBe(400);
    const summary = await listSchoolKyc(database().db, school.organizationId);
    expect(summary.documents.find((entry) => entry.kind === 'autorisation')?.document).toBeNull();
  });

  it('answers 404 for another school’s document and 403 to a member without manage:settings', async () => {
    const mine = await ok(school.call('GET', '/api/settings/details'));
    const id = mine.kyc.documents[0].document.id;
    const foreign = await other.call('GET', `/api/settings/kyc-documents/${id}/file`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('KYC_DOCUMENT_NOT_FOUND');
    const reader = await memberWith(app(), database().db, school, ['read:settings']);
    expect((await send({ kind: 'statuts' }, pdf, reader)).statusCode).toBe(403);
    const readable = await app().inject({
      method: 'GET',
      url: `/api/settings/kyc-documents/${id}/file`,
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(readable.statusCode).toBe(200);
  });

  it('is reviewed by the operator: a refusal needs a reason, the school sees it and is told', async () => {
    const db = database().db;
    const details = await ok(school.call('GET', '/api/settings/details'));
    const statuts = details.kyc.documents.find(
      (entry: { kind: string }) => entry.kind === 'statuts',
    );
    const review = {
      organizationId: school.organizationId,
      documentId: statuts.document.id,
      reviewer: { userId: operatorId, ip: '127.0.0.1', name: 'Opérateur Test' },
    };
    await expect(reviewKycDocument(db, { ...review, decision: 'refuse' })).rejects.toMatchObject({
      code: 'KYC_REFUSAL_REASON_REQUIRED',
    });
    await expect(
      reviewKycDocument(db, {
        ...review,
        organizationId: other.organizationId,
        decision: 'valide',
      }),
    ).rejects.toMatchObject({ code: 'KYC_DOCUMENT_NOT_FOUND' });
    await school.call('PUT', '/api/settings/details', {
      name: 'Collège Kɔffi',
      contactEmail: 'contact@koffi.tg',
      country: 'TG',
    });
    const refused = await reviewKycDocument(db, {
      ...review,
      decision: 'refuse',
      reason: 'Document illisible',
    });
    expect(refused).toMatchObject({ status: 'refuse', refusalReason: 'Document illisible' });
    const seen = await ok(school.call('GET', '/api/settings/details'));
    expect(seen.kyc.status).toBe('refuse');
    expect(
      seen.kyc.documents.find((entry: { kind: string }) => entry.kind === 'statuts').document,
    ).toMatchObject({ status: 'refuse', refusalReason: 'Document illisible' });
    const { rows: mails } = await db.execute<{ recipient: string; body: string }>(sql`
      select recipient, body from outbound_messages where template = 'kyc.document_refused'`);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'contact@koffi.tg' });
    expect(mails[0]?.body).toContain('Motif : Document illisible');
    const { rows: journal } = await db.execute<{ actor: string; n: number }>(sql`
      select actor_label as actor from audit_entries
       where organization_id = ${school.organizationId} and action = 'kyc.document_refused'`);
    expect(journal[0]?.actor).toBe('Opérateur Test');
  });

  it('validated again after a new upload, silent when the school turned KYC notices off', async () => {
    const db = database().db;
    await ok(
      school.call('PUT', '/api/settings/notifications', {
        notificationEmail: null,
        admissionReceived: true,
        kycReviewed: false,
      }),
    );
    const again = (await send({ kind: 'statuts' }, pdf)).json();
    expect(again.status).toBe('soumis');
    const validated = await reviewKycDocument(db, {
      organizationId: school.organizationId,
      documentId: again.id,
      decision: 'valide',
      reviewer: { userId: operatorId, ip: null },
    });
    expect(validated).toMatchObject({ status: 'valide', refusalReason: null });
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from outbound_messages where template = 'kyc.document_validated'`);
    expect(rows[0]?.n).toBe(0);
    const statuses = await kycStatusOfSchools(db, [school.organizationId, other.organizationId]);
    expect(statuses.get(school.organizationId)).toBe('a_envoyer');
    expect(statuses.get(other.organizationId)).toBe('a_envoyer');
  });

  it('is « valide » once every kind’s newest document is validated', async () => {
    const db = database().db;
    for (const kind of ['autorisation', 'piece_identite', 'justificatif_bancaire']) {
      const sent = (await send({ kind }, pdf)).json();
      await reviewKycDocument(db, {
        organizationId: school.organizationId,
        documentId: sent.id,
        decision: 'valide',
        reviewer: { userId: operatorId, ip: null },
      });
    }
    expect((await listSchoolKyc(db, school.organizationId)).status).toBe('valide');
    await send({ kind: 'statuts' }, pdf);
    expect((await listSchoolKyc(db, school.organizationId)).status).toBe('soumis');
  });
});
