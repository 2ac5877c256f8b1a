import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ImportMessages, MAX_IMPORT_BYTES } from '@ecolage/contracts';
import { createQueryClient } from '../../app/providers';
import { bodiesSentTo, callsTo, routeFetch } from '../../test/api-routes';
import { jsonResponse } from '../../test/fetch-mock';
import { storeSession } from '../../test/session';
import { ImportStudentsDialog } from './import-dialog';
import { csvFile, IMPORT_ID, importAnswer, stubUpload } from './import-fixtures';

const IMPORT_PATH = `/api/students/imports/${IMPORT_ID}`;

function renderDialog(queryClient: QueryClient = createQueryClient()) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ImportStudentsDialog open onClose={onClose} />
    </QueryClientProvider>,
  );
  return { user, onClose, queryClient };
}

const fileInput = () => screen.getByLabelText<HTMLInputElement>('Choisir un fichier');
const dialog = () => screen.getByRole('dialog', { name: 'Importer des étudiants' });

describe('student import wizard', () => {
  beforeEach(() => storeSession());

  it('explains the files and columns, and refuses a file over 10 MB before sending it', async () => {
    const fetchMock = routeFetch({});
    const { requests } = stubUpload(() => ({ status: 201, body: importAnswer() }));
    const { user } = renderDialog();

    expect(within(dialog()).getByText(/UTF-8 ou en Latin-1/)).toBeTruthy();
    expect(within(dialog()).getByText('Nom complet')).toBeTruthy();
    expect(within(dialog()).getByText('(obligatoire)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Télécharger le modèle CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'modèle Excel' })).toBeTruthy();

    await user.upload(fileInput(), csvFile('enorme.csv', MAX_IMPORT_BYTES + 1));
    expect(await screen.findByText(ImportMessages.tooLarge)).toBeTruthy();
    expect(fileInput().getAttribute('aria-invalid')).toBe('true');
    expect(requests).toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the file as multipart with a progress bar, then lists every problem', async () => {
    routeFetch({});
    let answer: () => void = () => undefined;
    const issues = [
      { line: 3, column: 'Téléphone', message: 'Numéro de téléphone invalide.' },
      { line: 4, column: 'Nom complet', message: 'Le nom complet est obligatoire.' },
      { line: 5, column: null, message: 'Ligne en double (même matricule que la ligne 2).' },
    ];
    const { requests } = stubUpload(
      () =>
        new Promise((resolve) => {
          answer = () =>
            resolve({
              status: 201,
              body: importAnswer({ totalRows: 5, validRows: 2, invalidRows: 3, issues }),
            });
        }),
    );
    const { user } = renderDialog();

    await user.upload(fileInput(), csvFile());
    const bar = await screen.findByRole('progressbar', { name: 'Envoi du fichier' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/students/imports' });
    expect(requests[0]?.headers.authorization).toBe('Bearer jeton-a');
    expect(requests[0]?.file?.name).toBe('eleves-rentree.csv');
    answer();

    const table = await screen.findByRole('table', { name: 'Problèmes relevés dans le fichier' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['3', 'Téléphone', 'Numéro de téléphone invalide.'],
      ['4', 'Nom complet', 'Le nom complet est obligatoire.'],
      ['5', 'Toute la ligne', 'Ligne en double (même matricule que la ligne 2).'],
    ]);
    expect(screen.getByRole('heading', { name: 'Problèmes relevés (3)' })).toBeTruthy();

    const preview = screen.getByRole('table', { name: /Premières lignes du fichier/ });
    const [, created, updated] = within(preview).getAllByRole('row');
    expect(within(created as HTMLElement).getByText('Créer')).toBeTruthy();
    expect(within(updated as HTMLElement).getByText('Mettre à jour')).toBeTruthy();
    expect(within(updated as HTMLElement).getByText('STU-0042')).toBeTruthy();
  });

  it('shows the server’s refusal of a file in the dialog', async () => {
    routeFetch({});
    stubUpload(() => ({
      status: 400,
      body: { message: ImportMessages.mixedSeparators, code: 'VALIDATION_FAILED' },
    }));
    const { user } = renderDialog();
    await user.upload(fileInput(), csvFile());
    expect((await within(dialog()).findByRole('alert')).textContent).toContain(
      ImportMessages.mixedSeparators,
    );
    expect(fileInput()).toBeTruthy(); // still on the first step, ready for another file
  });

  it('disables « Tout ou rien » when rows are invalid and offers to skip them', async () => {
    routeFetch({});
    stubUpload(() => ({
      status: 201,
      body: importAnswer({
        totalRows: 5,
        validRows: 3,
        invalidRows: 2,
        issues: [
          { line: 3, column: 'Email', message: 'Adresse e-mail invalide.' },
          { line: 6, column: 'Niveau', message: 'Niveau inconnu : « 7e ».' },
        ],
      }),
    }));
    const { user } = renderDialog();
    await user.upload(fileInput(), csvFile());

    const allOrNothing = await screen.findByRole('radio', { name: 'Tout ou rien' });
    expect(allOrNothing).toHaveProperty('disabled', true);
    expect(allOrNothing.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(ImportMessages.allOrNothingBlocked)).toBeTruthy();
    const skip = screen.getByRole('radio', { name: 'Ignorer les lignes en erreur (2)' });
    expect(skip).toHaveProperty('checked', true);
  });

  it('commits with the chosen mode, polls the progress until done, then refreshes the students', async () => {
    let polls = 0;
    const fetchMock = routeFetch({
      [`POST ${IMPORT_PATH}/commit`]: () =>
        jsonResponse(202, importAnswer({ status: 'running', mode: 'all_or_nothing' })),
      [`GET ${IMPORT_PATH}`]: () => {
        polls += 1;
        return polls === 1
          ? importAnswer({ status: 'running', mode: 'all_or_nothing', processedRows: 2 })
          : importAnswer({
              status: 'done',
              mode: 'all_or_nothing',
              processedRows: 4,
              created: 3,
              updated: 1,
              enrolled: 3,
              invoicesIssued: 27,
              finishedAt: '2026-11-21T10:00:05.000Z',
            });
      },
    });
    stubUpload(() => ({ status: 201, body: importAnswer() }));
    const queryClient = createQueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { user, onClose } = renderDialog(queryClient);
    await user.upload(fileInput(), csvFile());

    expect(await screen.findByRole('radio', { name: 'Tout ou rien' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Importer' }));

    const bar = await screen.findByRole('progressbar', { name: 'Import en cours' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    expect(bar.getAttribute('aria-valuetext')).toBe('2 lignes traitées sur 4');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'), { timeout: 3000 });
    expect(screen.getByText('Import terminé.')).toBeTruthy();
    expect(bodiesSentTo(fetchMock, 'POST', `${IMPORT_PATH}/commit`)).toEqual([
      { mode: 'all_or_nothing' },
    ]);
    const result = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(result('Créés')).toBe('3');
    expect(result('Mis à jour')).toBe('1');
    expect(result('Inscriptions')).toBe('3');
    expect(result('Factures émises')).toBe('27');

    // Polling stops once done.
    const asked = callsTo(fetchMock, 'GET', IMPORT_PATH).length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(callsTo(fetchMock, 'GET', IMPORT_PATH)).toHaveLength(asked);

    // The footer's « Fermer » (the × in the title bar has the same name).
    const closeButtons = screen.getAllByRole('button', { name: 'Fermer' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    expect(onClose).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['students'] });
  });

  it('shows the server’s reason when the import fails', async () => {
    routeFetch({
      [`POST ${IMPORT_PATH}/commit`]: () =>
        jsonResponse(
          202,
          importAnswer({
            status: 'failed',
            mode: 'all_or_nothing',
            error: 'Ligne 3 : ce matricule appartient à un étudiant archivé.',
          }),
        ),
    });
    stubUpload(() => ({ status: 201, body: importAnswer() }));
    const { user } = renderDialog();
    await user.upload(fileInput(), csvFile());
    await user.click(await screen.findByRole('button', { name: 'Importer' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('L’import a échoué.');
    expect(alert.textContent).toContain('ce matricule appartient à un étudiant archivé');
  });
});

describe('templates', () => {
  beforeEach(() => {
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:http://localhost/modele'),
      revokeObjectURL: vi.fn(),
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the Excel template with the bearer token', async () => {
    storeSession();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const fetchMock = routeFetch({
      'GET /api/students/import/template': () =>
        new Response('x', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="modele-etudiants.xlsx"' },
        }),
    });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'modèle Excel' }));
    await waitFor(() => expect(saved).toEqual(['modele-etudiants.xlsx']));
    const [url] = callsTo(fetchMock, 'GET', '/api/students/import/template');
    expect(url?.searchParams.get('format')).toBe('xlsx');
  });
});
