import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { PaymentLink } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, headersSentTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import { storeSession, withPermissions } from '../../test/session';
import { STUDENT, STUDENT_ID, STUDENT_URL, studentRoutes } from '../students/student-fixtures';

const LINK_PATH = `/api/students/${STUDENT_ID}/payment-link`;
const QR_PATH = `/api/students/${STUDENT_ID}/payment-qr.svg`;
const URL_OF_LINK = 'https://ecolage.tg/payer/l/AbCdEfGhJkLm.xYz012345-_a';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M1 1h7"/></svg>';

const link = (send: boolean): PaymentLink => ({
  url: URL_OF_LINK,
  expiresAt: '2026-12-21T10:00:00.000Z',
  guardianName: 'Afi Mensah',
  guardianPhone: '+22891234567',
  sent: send,
});

async function openPage(routes = {}) {
  storeSession();
  const fetchMock = routeFetch(
    studentRoutes({
      [`POST ${LINK_PATH}`]: (request) => link((request.body as { send: boolean }).send),
      [`GET ${QR_PATH}`]: () =>
        new Response(SVG, {
          headers: {
            'Content-Type': 'image/svg+xml; charset=utf-8',
            'Content-Disposition': 'attachment; filename="qr-paiement-stu-0001.svg"',
          },
        }),
      ...routes,
    }),
  );
  const view = await renderApp(STUDENT_URL);
  await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
  const section = screen.getByRole('region', { name: 'Paiement en ligne' });
  return { ...view, fetchMock, section };
}

describe('« Paiement en ligne » on a student’s page', () => {
  it('names the main payer and sends them the link by SMS', async () => {
    const { user, section, fetchMock } = await openPage();
    expect(
      within(section).getByText(
        'Afi Mensah (+228 91 23 45 67), responsable payeur, paie en ligne les factures de la famille, sans créer de compte.',
      ),
    ).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Envoyer le lien par SMS' }));
    expect(
      await screen.findByText('Lien de paiement envoyé par SMS au +228 91 23 45 67.'),
    ).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', LINK_PATH)).toEqual([{ send: true }]);
    expect(headersSentTo(fetchMock, 'POST', LINK_PATH)[0]?.get('Authorization')).toBe(
      'Bearer jeton-a',
    );
  });

  it('copies a new link to the clipboard and shows it with its expiry', async () => {
    const { user, section, fetchMock } = await openPage();
    await user.click(within(section).getByRole('button', { name: 'Copier le lien' }));
    expect(await screen.findByText('Lien de paiement copié.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(URL_OF_LINK);
    expect(bodiesSentTo(fetchMock, 'POST', LINK_PATH)).toEqual([{ send: false }]);
    const field = within(section).getByLabelText('Lien de paiement');
    expect((field as HTMLInputElement).value).toBe(URL_OF_LINK);
    expect(field.getAttribute('readonly')).not.toBeNull();
    expect(
      within(section).getByText(
        'Valable jusqu’au 21 déc. 2026. Il ouvre les factures de tous les enfants d’Afi Mensah.',
      ),
    ).toBeTruthy();
  });

  it('still shows the link when the browser refuses the clipboard', async () => {
    const { user, section } = await openPage();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(within(section).getByRole('button', { name: 'Copier le lien' }));
    expect(
      await screen.findByText("Le navigateur n'a pas permis la copie : copiez le lien ci-dessous."),
    ).toBeTruthy();
    expect((within(section).getByLabelText('Lien de paiement') as HTMLInputElement).value).toBe(
      URL_OF_LINK,
    );
  });

  it('says the server’s French refusal (no main payer on the server’s side)', async () => {
    const { user, section } = await openPage({
      [`POST ${LINK_PATH}`]: () =>
        jsonResponse(409, {
          message: 'Cet étudiant n’a pas de responsable payeur : ajoutez-en un.',
          code: 'CONFLICT',
        }),
    });
    await user.click(within(section).getByRole('button', { name: 'Envoyer le lien par SMS' }));
    expect(
      await screen.findByText('Cet étudiant n’a pas de responsable payeur : ajoutez-en un.'),
    ).toBeTruthy();
  });

  it('shows the QR code in a dialog, fetched with the session, and saves it', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user, section, fetchMock } = await openPage();
      await user.click(within(section).getByRole('button', { name: 'QR code' }));
      const dialog = await screen.findByRole('dialog', {
        name: 'QR code de paiement de Kofi Mensah',
      });
      const image = await within(dialog).findByRole('img', {
        name: 'QR code de paiement de Kofi Mensah',
      });
      expect(image.getAttribute('src')).toBe(
        `data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`,
      );
      expect(headersSentTo(fetchMock, 'GET', QR_PATH)[0]?.get('Authorization')).toBe(
        'Bearer jeton-a',
      );
      await user.click(
        within(dialog).getByRole('button', { name: 'Télécharger le QR code (SVG)' }),
      );
      expect(names).toEqual(['qr-paiement-stu-0001.svg']);
      await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' })[0]!);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo(fetchMock, 'POST', LINK_PATH)).toEqual([]);
    } finally {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    }
  });

  it('explains why nothing can be sent without a main payer', async () => {
    const { user, section, fetchMock } = await openPage({
      [`GET /api/students/${STUDENT_ID}`]: () => ({
        ...STUDENT,
        guardians: STUDENT.guardians.map((guardian) => ({ ...guardian, mainPayer: false })),
      }),
    });
    const reason = 'Ajoutez un responsable payeur pour que la famille puisse payer en ligne.';
    const send = within(section).getByRole('button', { name: 'Envoyer le lien par SMS' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(send.getAttribute('title')).toBe(reason);
    await user.click(send);
    await user.click(within(section).getByRole('button', { name: 'QR code' }));
    expect(callsTo(fetchMock, 'POST', LINK_PATH)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is hidden from a role that may not ask for payments', async () => {
    storeSession(withPermissions('read:students', 'read:payments'));
    routeFetch(studentRoutes());
    await renderApp(STUDENT_URL);
    await screen.findByRole('heading', { level: 1, name: 'Kofi Mensah' }, { timeout: 3000 });
    expect(screen.getByRole('region', { name: 'Paiements et reçus' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Paiement en ligne' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Envoyer le lien par SMS' })).toBeNull();
  });
});
