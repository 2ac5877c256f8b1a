import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ProgrammeMessages } from '@ecolage/contracts';
import type { Level } from '@ecolage/contracts';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { describedText } from '../../test/fields';
import { storeSession } from '../../test/session';
import { francs, LYCEE, openProgrammes, programmesRoutes, SIXIEME } from './programmes-fixtures';

const levelCreated = (body: unknown): Level => ({
  ...SIXIEME,
  ...(body as object),
  id: '3c4d5e6f-7a8b-4c9d-8e1f-2a3b4c5d6e09',
  programmeId: LYCEE.id,
  yearTotal: 0,
  inUse: false,
  enrolledCount: 0,
});

async function openAddLevel(programme: string) {
  const view = await openProgrammes();
  await view.user.click(
    screen.getByRole('button', { name: `Ajouter un niveau au programme ${programme}` }),
  );
  const dialog = screen.getByRole('dialog', { name: `Ajouter un niveau à « ${programme} »` });
  return { ...view, dialog };
}

describe('« Ajouter un niveau » and « Modifier »', () => {
  it('refuses a blank level name, a fractional fee and a negative registration without sending', async () => {
    storeSession();
    const fetchMock = routeFetch(programmesRoutes());
    const { user, dialog } = await openAddLevel('Lycée');
    const name = within(dialog).getByLabelText('Nom du niveau');
    expect(document.activeElement).toBe(name);

    await user.type(name, '   ');
    await user.type(within(dialog).getByLabelText('Inscription'), '-5000');
    await user.type(within(dialog).getByLabelText('Mensualité'), '30000,5');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));

    expect(describedText(name)).toContain(ProgrammeMessages.levelNameRequired);
    expect(describedText(within(dialog).getByLabelText('Inscription'))).toContain(
      'Les frais d’inscription ne peut pas être négatif.',
    );
    expect(describedText(within(dialog).getByLabelText('Mensualité'))).toContain(
      'La mensualité doit être un nombre entier de francs (pas de centimes).',
    );
    expect(document.activeElement).toBe(name);
    expect(callsTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`)).toHaveLength(0);

    // An empty amount is not « no fee »: both must be given.
    await user.clear(within(dialog).getByLabelText('Inscription'));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(describedText(within(dialog).getByLabelText('Inscription'))).toContain(
      'Indiquez les frais d’inscription (0 s’il n’y en a pas).',
    );
    expect(callsTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`)).toHaveLength(0);
  });

  it('adds a monthly level: amounts typed with spaces are sent as integers, October to July by default', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({
        [`POST /api/programmes/${LYCEE.id}/levels`]: ({ body }) =>
          jsonResponse(201, levelCreated(body)),
      }),
    );
    const { user, dialog } = await openAddLevel('Lycée');

    await user.type(within(dialog).getByLabelText('Nom du niveau'), ' Seconde ');
    await user.type(within(dialog).getByLabelText('Inscription'), '25 000');
    await user.type(within(dialog).getByLabelText('Mensualité'), '35000');
    const months = within(dialog).getByRole('group', { name: 'Mois facturés' });
    expect(within(months).getByText('10 mois facturés')).toBeTruthy();
    expect(within(dialog).getByText(`Total annuel : ${francs(375000)}`)).toBeTruthy();

    // July off, August on: still ten months, sent in school-year order.
    await user.click(within(months).getByRole('checkbox', { name: 'juillet' }));
    await user.click(within(months).getByRole('checkbox', { name: 'août' }));
    await user.click(within(months).getByRole('checkbox', { name: 'juin' }));
    expect(within(dialog).getByText(`Total annuel : ${francs(340000)}`)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(await screen.findByText('Niveau « Seconde » ajouté à « Lycée ».')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`)).toEqual([
      {
        name: 'Seconde',
        registrationFee: 25000,
        feeMode: 'monthly',
        monthlyFee: 35000,
        billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 8],
        schedule: [],
      },
    ]);
  });

  it('sends a three-tranche schedule as integers and shows a server issue under its field', async () => {
    storeSession();
    let attempt = 0;
    const fetchMock = routeFetch(
      programmesRoutes({
        [`POST /api/programmes/${LYCEE.id}/levels`]: ({ body }) => {
          attempt += 1;
          return attempt === 1
            ? jsonResponse(400, {
                message: 'Certains champs sont invalides.',
                code: 'VALIDATION_FAILED',
                issues: [
                  {
                    path: 'schedule.1.amount',
                    message: 'Le montant de l’échéance doit être supérieur à 0.',
                  },
                ],
              })
            : jsonResponse(201, levelCreated(body));
        },
      }),
    );
    const { user, dialog } = await openAddLevel('Lycée');

    await user.type(within(dialog).getByLabelText('Nom du niveau'), 'Terminale');
    await user.type(within(dialog).getByLabelText('Inscription'), '0');
    await user.click(within(dialog).getByRole('radio', { name: /Échéancier/ }));
    const rows = [
      ['Tranche 1', '150 000', '15', 'octobre'],
      ['Tranche 2', '100000', '15', 'janvier'],
      ['Tranche 3', '80 000 FCFA', '30', 'avril'],
    ] as const;
    for (const [index, [label, amount, day, month]] of rows.entries()) {
      if (index > 0) {
        await user.click(within(dialog).getByRole('button', { name: 'Ajouter une échéance' }));
      }
      const row = within(dialog).getByRole('group', { name: `Échéance ${index + 1}` });
      await user.type(within(row).getByLabelText('Libellé'), label);
      await user.type(within(row).getByLabelText('Montant'), amount);
      await user.type(within(row).getByLabelText('Jour'), day);
      await user.selectOptions(within(row).getByLabelText('Mois'), month);
    }
    expect(within(dialog).getByText(`Total annuel : ${francs(330000)}`)).toBeTruthy();

    // A fraction is refused in the browser, with the contracts' message, under its row.
    const second = within(dialog).getByRole('group', { name: 'Échéance 2' });
    await user.clear(within(second).getByLabelText('Montant'));
    await user.type(within(second).getByLabelText('Montant'), '99 999,99');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(describedText(within(second).getByLabelText('Montant'))).toContain(
      'Le montant de l’échéance doit être un nombre entier de francs (pas de centimes).',
    );
    expect(document.activeElement).toBe(within(second).getByLabelText('Montant'));
    expect(callsTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`)).toHaveLength(0);
    await user.clear(within(second).getByLabelText('Montant'));
    await user.type(within(second).getByLabelText('Montant'), '100000');

    // The server's refusal lands under the field it names.
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    const refused = within(second).getByLabelText('Montant');
    expect(
      await within(second).findByText('Le montant de l’échéance doit être supérieur à 0.'),
    ).toBeTruthy();
    expect(refused.getAttribute('aria-invalid')).toBe('true');

    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(await screen.findByText('Niveau « Terminale » ajouté à « Lycée ».')).toBeTruthy();
    const sent = bodiesSentTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`);
    expect(sent[1]).toEqual({
      name: 'Terminale',
      registrationFee: 0,
      feeMode: 'schedule',
      monthlyFee: 0,
      billedMonths: [],
      schedule: [
        { label: 'Tranche 1', amount: 150000, dueDay: 15, dueMonth: 10 },
        { label: 'Tranche 2', amount: 100000, dueDay: 15, dueMonth: 1 },
        { label: 'Tranche 3', amount: 80000, dueDay: 30, dueMonth: 4 },
      ],
    });
  });

  it('refuses a day that the month does not have, and an empty schedule', async () => {
    storeSession();
    const fetchMock = routeFetch(programmesRoutes());
    const { user, dialog } = await openAddLevel('Lycée');
    await user.type(within(dialog).getByLabelText('Nom du niveau'), 'Terminale');
    await user.type(within(dialog).getByLabelText('Inscription'), '0');
    await user.click(within(dialog).getByRole('radio', { name: /Échéancier/ }));
    const row = within(dialog).getByRole('group', { name: 'Échéance 1' });
    await user.type(within(row).getByLabelText('Libellé'), 'Tranche 1');
    await user.type(within(row).getByLabelText('Montant'), '1000');
    await user.type(within(row).getByLabelText('Jour'), '31');
    await user.selectOptions(within(row).getByLabelText('Mois'), 'novembre');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(describedText(within(row).getByLabelText('Jour'))).toContain(
      ProgrammeMessages.invalidDueDay,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Retirer l’échéance 1' }));
    expect(within(dialog).getByText('Aucune échéance : ajoutez-en au moins une.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter le niveau' }));
    expect(within(dialog).getByText(ProgrammeMessages.scheduleRequired)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `/api/programmes/${LYCEE.id}/levels`)).toHaveLength(0);
  });

  it('edits a level with its values filled and sends the whole grid again', async () => {
    storeSession();
    const fetchMock = routeFetch(
      programmesRoutes({
        [`PATCH /api/levels/${SIXIEME.id}`]: ({ body }) => ({ ...SIXIEME, ...(body as object) }),
      }),
    );
    const { user } = await openProgrammes();
    await user.click(screen.getByRole('button', { name: 'Modifier le niveau 6e' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le niveau « 6e »' });
    expect(within(dialog).getByLabelText('Nom du niveau')).toHaveProperty('value', '6e');
    const registration = within(dialog).getByLabelText('Inscription') as HTMLInputElement;
    expect(registration.value.replace(/\s/g, ' ')).toBe('25 000');
    expect(within(dialog).getByRole('radio', { name: /Mensualités/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(dialog).getByText(`Total annuel : ${francs(325000)}`)).toBeTruthy();

    const monthly = within(dialog).getByLabelText('Mensualité');
    await user.clear(monthly);
    await user.type(monthly, '32 500');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Niveau « 6e » enregistré.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'PATCH', `/api/levels/${SIXIEME.id}`)).toEqual([
      {
        name: '6e',
        registrationFee: 25000,
        feeMode: 'monthly',
        monthlyFee: 32500,
        billedMonths: [10, 11, 12, 1, 2, 3, 4, 5, 6, 7],
        schedule: [],
      },
    ]);
  });
});
