import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicBaseUrl } from '../../../platform/env';
import { pdfPageSize, pdfQrCode, pdfText } from '../../../test/pdf-text';
import { ok, setUpProgrammes, signUpSchool, type Call } from '../../../test/school-fixture';
import { testAppOptions, useTestApp } from '../../../test/test-app';
import { createLinkSigner, resolvePaymentLink } from '../links/payment-links';

const tokenOf = (url: string) => url.split('/payer/l/')[1] ?? '';

describe('payment QR codes: a student’s, a class’s sheet, the counter’s poster', () => {
  const { app, database } = useTestApp();
  let school: { call: Call; organizationId: string };
  let levels: { licence: { id: string }; l1: { id: string }; m1: { id: string } };
  let abla: { id: string };
  let afiwa: { id: string };
  let kossi: { id: string };
  let edem: { id: string };

  const resolve = (url: string) =>
    resolvePaymentLink(
      database().db,
      createLinkSigner(testAppOptions(database()).jwtSecret),
      tokenOf(url),
      new Date(),
    );

  const journal = async (action: string) =>
    (
      await database().db.execute<{ resource_id: string; details: Record<string, unknown> }>(
        sql`select resource_id, details from audit_entries
          where organization_id = ${school.organizationId} and action = ${action} order by id`,
      )
    ).rows;

  async function student(fullName: string, levelId: string, guardian?: object) {
    const created = await ok(school.call('POST', '/api/students', { fullName }), 201);
    const payer = guardian
      ? await ok(
          school.call('POST', `/api/students/${created.id}/guardians`, {
            relation: 'mother',
            ...guardian,
          }),
          201,
        )
      : null;
    await ok(school.call('POST', `/api/students/${created.id}/enrolments`, { levelId }), 201);
    return { student: created as { id: string }, payer: payer as { id: string } | null };
  }

  beforeAll(async () => {
    school = await signUpSchool(app(), 'École Démo');
    levels = await setUpProgrammes(school.call);
    const first = await student('Abla Kuassi', levels.l1.id, {
      fullName: 'Afiwa Kuassi',
      phone: '+22879016081',
    });
    abla = first.student;
    afiwa = first.payer!;
    kossi = (
      await student('Kossi Agbéko', levels.l1.id, {
        fullName: 'Akossiwa Agbéko',
        phone: '90112233',
      })
    ).student;
    edem = (await student('Edem Sans Payeur', levels.l1.id)).student;
    await student('Yawa Mensah', levels.m1.id, { fullName: 'Afi Mensah', phone: '91234567' });
  });

  it('draws a student’s QR code as SVG, to a stable link of the student', async () => {
    const response = await school.call('GET', `/api/students/${abla.id}/payment-qr.svg`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.body).toMatch(/^<svg [^>]*viewBox/);
    expect(response.body).toContain('<path');

    const [created] = await journal('payment_link.created');
    expect(created?.details).toMatchObject({ etudiant: 'Abla Kuassi', support: 'QR code' });
    const [row] = (
      await database().db.execute<{ id: string }>(
        sql`select id from payment_links where student_id = ${abla.id} and purpose = 'qr'`,
      )
    ).rows;
    expect(row?.id).toBe(created?.resource_id);
    const url = `${publicBaseUrl()}/payer/l/${createLinkSigner(testAppOptions(database()).jwtSecret).token(row!.id)}`;
    expect(response.body).toBe(
      await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
    );
    const resolved = await resolve(url);
    expect(resolved.ok && resolved.link).toMatchObject({
      guardianId: afiwa.id,
      studentId: abla.id,
      purpose: 'qr',
    });

    // Asked again: the same link, nothing new to journal.
    const again = await school.call('GET', `/api/students/${abla.id}/payment-qr.svg`);
    expect(again.body).toBe(response.body);
    expect(await journal('payment_link.created')).toHaveLength(1);

    // A month or less left: a new link (and a new entry), so that a print stays useful.
    await database().db.execute(
      sql`update payment_links set expires_at = now() + interval '20 days' where id = ${row!.id}`,
    );
    const renewed = await school.call('GET', `/api/students/${abla.id}/payment-qr.svg`);
    expect(renewed.body).not.toBe(response.body);
    expect(await journal('payment_link.created')).toHaveLength(2);
  });

  it('prints a class’s sheet: A4, one card per enrolled student by name, with their QR code', async () => {
    const response = await school.call('GET', `/api/levels/${levels.l1.id}/payment-qr-sheet.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="qr-paiement-licence-informatique-l1-2026-2027.pdf"',
    );
    const pdf = response.rawPayload;
    expect(await pdfPageSize(pdf)).toEqual({ width: 595.28, height: 841.89 });
    const page = (await pdfText(pdf))[0]!.replace(/\s+/g, ' ');
    const names = ['Abla Kuassi', 'Edem Sans Payeur', 'Kossi Agbéko'];
    const positions = names.map((name) => page.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(page).not.toContain('Yawa Mensah');
    expect(page).toContain('Scannez pour payer les frais de scolarité');
    expect(page).toContain('QR code indisponible : aucun responsable payeur');
    expect(page).toContain('École Démo');
    expect(page).toMatch(/Matricule STU-\d+/);

    const [printed] = await journal('payment_qr_sheet.printed');
    expect(printed).toMatchObject({
      resource_id: levels.l1.id,
      details: {
        niveau: 'Licence Informatique · L1',
        annee: '2026-2027',
        etudiants: 3,
        sansPayeur: 1,
        liensCrees: 1, // Abla's link was there already; Edem has no payer
      },
    });
    const links = (
      await database().db.execute<{ student_id: string }>(
        sql`select student_id from payment_links where purpose = 'qr' and revoked_at is null
          and expires_at > now() + interval '300 days' order by student_id`,
      )
    ).rows.map((row) => row.student_id);
    expect(links.sort()).toEqual([abla.id, kossi.id].sort());
    expect(links).not.toContain(edem.id);
  });

  it('the QR code of a sheet opens that student’s invoices, paid by their main payer', async () => {
    const response = await school.call('GET', `/api/levels/${levels.m1.id}/payment-qr-sheet.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const url = await pdfQrCode(response.rawPayload);
    expect(url).toMatch(new RegExp(`^${publicBaseUrl()}/payer/l/`));
    const resolved = await resolve(url!);
    expect(resolved.ok).toBe(true);
    const [yawa] = (
      await database().db.execute<{ id: string; guardian_id: string }>(
        sql`select s.id, sg.guardian_id from students s join student_guardians sg
          on sg.student_id = s.id and sg.is_main_payer where s.full_name = 'Yawa Mensah'`,
      )
    ).rows;
    expect(resolved.ok && resolved.link).toMatchObject({
      studentId: yawa?.id,
      guardianId: yawa?.guardian_id,
      purpose: 'qr',
    });
  });

  it('refuses an unknown level (404), an empty class (409) and another school’s ids (404)', async () => {
    const empty = await ok(
      school.call('POST', `/api/programmes/${levels.licence.id}/levels`, {
        name: 'L2',
        registrationFee: 0,
        monthlyFee: 10_000,
      }),
      201,
    );
    const nobody = await school.call('GET', `/api/levels/${empty.id}/payment-qr-sheet.pdf`);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(
      'Aucun étudiant n’est inscrit dans ce niveau pour l’année scolaire en cours.',
    );

    const unknown = await school.call(
      'GET',
      '/api/levels/00000000-0000-4000-8000-000000000000/payment-qr-sheet.pdf',
    );
    expect(unknown.statusCode).toBe(404);

    const stranger = await signUpSchool(app(), 'Autre École');
    const sheet = await stranger.call('GET', `/api/levels/${levels.l1.id}/payment-qr-sheet.pdf`);
    expect(sheet.statusCode).toBe(404);
    expect(sheet.json().message).toBe('Niveau introuvable.');
    const svg = await stranger.call('GET', `/api/students/${abla.id}/payment-qr.svg`);
    expect(svg.statusCode).toBe(404);
    expect(svg.json().message).toBe('Étudiant introuvable.');

    const noPayer = await school.call('GET', `/api/students/${edem.id}/payment-qr.svg`);
    expect(noPayer.statusCode).toBe(409);
    expect(noPayer.json().message).toBe(
      'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.',
    );
  });

  it('prints the counter’s poster: a big QR code to the school’s pay page', async () => {
    const response = await school.call('GET', '/api/school/payment-qr.pdf');
    expect(response.statusCode, response.body).toBe(200);
    const pdf = response.rawPayload;
    expect(await pdfPageSize(pdf)).toEqual({ width: 595.28, height: 841.89 });
    const [slug] = (
      await database().db.execute<{ slug: string }>(
        sql`select slug from organizations where id = ${school.organizationId}`,
      )
    ).rows;
    const url = `${publicBaseUrl()}/payer/${slug!.slug}`;
    expect(await pdfQrCode(pdf)).toBe(url);
    const page = (await pdfText(pdf))[0]!.replace(/\s+/g, ' ');
    expect(page).toContain('École Démo');
    expect(page).toContain('Payez les frais de scolarité ici');
    expect(page).toContain('Scannez ce QR code');
    expect(page).toContain('Saisissez le matricule de l’élève et votre numéro de téléphone.');
    expect(page).toContain('Entrez le code reçu par SMS');
    expect(page).toContain(url);
  });
});
