import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { renderApp } from '../../test/render-app';
import { describedText } from '../../test/fields';
import { storeSession, withPermissions } from '../../test/session';
import { BAD_RIB, detailsAnswer, GOOD_RIB, refusal, settingsServer } from './settings-fixtures';

const region = (name: string) => screen.getByRole('region', { name });
const input = (scope: HTMLElement, label: string | RegExp) =>
  within(scope).getByLabelText(label, { selector: 'input, select' }) as HTMLInputElement;
const bank = () => region('Coordonnées bancaires');

async function openDetails(options: Parameters<typeof renderApp>[1] = {}) {
  const view = await renderApp('/admin/details', options);
  await screen.findByRole('heading', { level: 1, name: "Détails de l'organisation" });
  await screen.findByRole('region', { name: 'Organisation' });
  return view;
}

async function fillBank(user: UserEvent, rib: string) {
  await user.type(input(bank(), /^Nom de la banque/), 'Ecobank Togo');
  await user.type(input(bank(), /^Titulaire du compte/), 'Collège Les Flamboyants');
  await user.type(input(bank(), 'RIB'), rib);
  await user.type(input(bank(), /^BIC \/ SWIFT/), 'ECOCTGTG');
}

describe('« Détails de l’organisation »: the organisation', () => {
  it('shows the school with a phone field of type tel and an e-mail field of type email', async () => {
    storeSession();
    settingsServer();
    await openDetails();
    const organisation = region('Organisation');
    const phone = input(organisation, 'Téléphone du support');
    const email = input(organisation, 'E-mail de contact');
    // The spec's swapped input types are not copied.
    expect(phone.type).toBe('tel');
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    expect(email.type).toBe('email');
    // The stored E.164 number as a reader in Togo writes it.
    expect(phone.value).toBe('90 12 34 56');
    expect(email.value).toBe('contact@flamboyants.tg');
    expect(input(organisation, 'Ville').value).toBe('Lomé');
    expect(input(organisation, 'Pays').value).toBe('TG');
  });

  it('sends the changed details', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openDetails();
    const organisation = region('Organisation');
    await user.clear(input(organisation, 'Téléphone du support'));
    await user.type(input(organisation, 'Téléphone du support'), '90 11 22 33');
    await user.selectOptions(input(organisation, 'Pays'), 'BJ');
    await user.click(within(organisation).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Informations enregistrées.')).toBeTruthy();
    expect(server.sent('PUT', '/api/settings/details').map((r) => r.body)).toEqual([
      {
        name: 'Collège Les Flamboyants',
        supportPhone: '+22890112233',
        contactEmail: 'contact@flamboyants.tg',
        address: '12 rue des Écoles, Tokoin',
        city: 'Lomé',
        country: 'BJ',
      },
    ]);
  });
});

describe('« Détails de l’organisation »: bank details', () => {
  it('checks the RIB key as it is typed and refuses a wrong one before asking anything', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openDetails();
    await fillBank(user, BAD_RIB);
    expect(within(bank()).getByText(/La clé du RIB ne correspond pas\./)).toBeTruthy();
    await user.click(within(bank()).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(input(bank(), 'RIB').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.sent('PUT', '/api/settings/bank')).toEqual([]);

    await user.clear(input(bank(), 'RIB'));
    await user.type(input(bank(), 'RIB'), GOOD_RIB);
    expect(within(bank()).getByText(/Format et clé corrects\./)).toBeTruthy();
  });

  it('asks for the password, keeps a wrong one in the dialog, then saves', async () => {
    storeSession();
    let attempts = 0;
    const server = settingsServer({
      'PUT /api/settings/bank': () => {
        attempts += 1;
        return attempts === 1
          ? refusal(
              403,
              'BANK_PASSWORD_INVALID',
              'Mot de passe incorrect : les coordonnées bancaires n’ont pas été modifiées.',
              'password',
            )
          : detailsAnswer().bank;
      },
    });
    const { user } = await openDetails();
    await fillBank(user, GOOD_RIB);
    await user.click(within(bank()).getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le changement' });
    expect(dialog.textContent).toContain(
      'Pour modifier les coordonnées bancaires, confirmez votre mot de passe. Toutes les Super administrations en seront averties.',
    );
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'mauvais');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() =>
      expect(describedText(within(dialog).getByLabelText('Votre mot de passe'))).toContain(
        'Mot de passe incorrect',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Confirmer le changement' })).toBeTruthy();

    await user.clear(within(dialog).getByLabelText('Votre mot de passe'));
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Coordonnées bancaires enregistrées.')).toBeTruthy();
    expect(server.sent('PUT', '/api/settings/bank').map((r) => r.body)).toEqual([
      expect.objectContaining({ rib: GOOD_RIB, password: 'mauvais' }),
      {
        bankName: 'Ecobank Togo',
        accountHolder: 'Collège Les Flamboyants',
        rib: GOOD_RIB,
        iban: null,
        bic: 'ECOCTGTG',
        password: 'secret123',
      },
    ]);
  });

  it('puts the server’s RIB refusal under the RIB and closes the dialog', async () => {
    storeSession();
    settingsServer({
      'PUT /api/settings/bank': () =>
        refusal(
          400,
          'BANK_RIB_KEY_INVALID',
          'La clé du RIB ne correspond pas : vérifiez le code banque, le code guichet, le numéro de compte et la clé.',
          'rib',
        ),
    });
    const { user } = await openDetails();
    await fillBank(user, GOOD_RIB);
    await user.click(within(bank()).getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmer le changement' });
    await user.type(within(dialog).getByLabelText('Votre mot de passe'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(describedText(input(bank(), 'RIB'))).toContain('La clé du RIB ne correspond pas');
  });

  it('shows masked numbers, read-only, to a member without manage:settings', async () => {
    storeSession(withPermissions('read:settings'));
    settingsServer({
      'GET /api/settings/details': () => ({
        ...detailsAnswer(),
        bank: { ...detailsAnswer().bank, bankName: 'Ecobank Togo', rib: '•••• 0070', masked: true },
      }),
    });
    await openDetails();
    expect(within(bank()).getByText('•••• 0070')).toBeTruthy();
    expect(within(bank()).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(
      within(region('Organisation')).queryByRole('button', { name: 'Enregistrer' }),
    ).toBeNull();
    expect(within(region('Documents KYC')).queryByText('Choisir un fichier')).toBeNull();
  });
});

describe('« Détails de l’organisation »: KYC documents', () => {
  it('lists each kind with its status, the refusal reason, and sends a chosen file', async () => {
    storeSession();
    const server = settingsServer();
    const { user } = await openDetails();
    const kyc = region('Documents KYC');
    const row = (title: string) =>
      within(kyc).getByRole('heading', { name: title }).closest('li') as HTMLElement;
    expect(within(row('Statuts ou registre du commerce (RCCM)')).getByText('Validé')).toBeTruthy();
    const refused = row("Autorisation d'ouverture de l'établissement");
    expect(within(refused).getByText('Refusé')).toBeTruthy();
    expect(
      within(refused).getByText('Motif : Document illisible : renvoyez un scan net.'),
    ).toBeTruthy();
    const identity = row('Pièce d’identité du responsable');
    expect(within(identity).getByText('À envoyer')).toBeTruthy();

    const fileInput = within(identity).getByLabelText(/Choisir un fichier/) as HTMLInputElement;
    expect(fileInput.accept).toContain('.pdf');
    const pdf = new File(['%PDF-1.7'], 'cni-directrice.pdf', { type: 'application/pdf' });
    await user.upload(fileInput, pdf);
    expect(within(identity).getByText(/Fichier choisi : cni-directrice\.pdf/)).toBeTruthy();
    await user.click(within(identity).getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Document envoyé.')).toBeTruthy();
    const [upload] = server.sent('POST', '/api/settings/kyc-documents');
    const form = upload?.body as FormData;
    expect(form.get('kind')).toBe('piece_identite');
    expect((form.get('file') as File).name).toBe('cni-directrice.pdf');
  });

  it('refuses a file of another type before sending it', async () => {
    storeSession();
    const server = settingsServer();
    // The browser's picker would hide it; a drop or « all files » would not.
    const { user } = await openDetails({ user: userEvent.setup({ applyAccept: false }) });
    const kyc = region('Documents KYC');
    const row = within(kyc)
      .getByRole('heading', { name: 'Attestation bancaire (RIB)' })
      .closest('li') as HTMLElement;
    const fileInput = within(row).getByLabelText(/Choisir un fichier/) as HTMLInputElement;
    await user.upload(fileInput, new File(['x'], 'rib.docx', { type: 'application/msword' }));
    expect((await within(row).findByRole('alert')).textContent).toContain('PDF, JPEG ou PNG');
    expect(server.sent('POST', '/api/settings/kyc-documents')).toEqual([]);
  });

  it('downloads the file sent', async () => {
    storeSession();
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: () => 'blob:kyc',
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const server = settingsServer({
      'GET /api/settings/kyc-documents/5d1c7a8e-2f3b-4c6d-9e0f-1a2b3c4d5e61/file': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="statuts-rccm.pdf"',
          },
        }),
    });
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Télécharger statuts-rccm.pdf' }));
    await waitFor(() => expect(saved).toEqual(['statuts-rccm.pdf']));
    expect(server.fetchMock.mock.calls.map(([input]) => String(input))).toContain(
      '/api/settings/kyc-documents/5d1c7a8e-2f3b-4c6d-9e0f-1a2b3c4d5e61/file',
    );
    click.mockRestore();
  });
});
