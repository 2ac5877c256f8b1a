import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

/**
 * The issue's journey: a programme and a level with a three-tranche schedule, an XLSX import with
 * one bad row (seen in the preview, then skipped), enrolment, invoices and balances, a
 * scholarship recommended, the export of balances.
 */
describe('programmes, students, import, invoices (journey)', () => {
  const browser = useBrowser();
  const stamp = Date.now();
  const admin = { email: `direction.${stamp}@lumiere.tg`, password: 'motdepasse-solide' };
  const folder = mkdtempSync(path.join(tmpdir(), 'ecolage-e2e-'));

  async function signUpAndLogIn(): Promise<Page> {
    const signup = await browser.newPage();
    await signup.goto('/signup');
    await signup.getByLabel('Nom', { exact: true }).fill('Afi Mensah');
    await signup.getByLabel("Nom de l'école").fill('Institut Lumière de Kara');
    await signup.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await signup.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
    await signup.getByRole('button', { name: 'Créer mon compte' }).click();
    await signup.waitForURL('**/login**');
    await signup.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await signup.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
    await signup.getByRole('button', { name: 'Se connecter' }).click();
    await signup.waitForURL((url) => url.pathname === '/admin');
    return signup;
  }

  async function studentsFile(): Promise<string> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Étudiants');
    sheet.addRow([
      'Nom complet',
      'Téléphone',
      'Programme',
      'Niveau',
      'Responsable',
      'Téléphone du responsable',
      'Lien',
    ]);
    sheet.addRow([
      'Kossi Agbéko',
      '90 11 11 11',
      'Master Droit',
      'M1',
      'Akossiwa Agbéko',
      '90 22 22 22',
      'Mère',
    ]);
    sheet.addRow([
      'Afi Agbéko',
      '',
      'Master Droit',
      'M1',
      'Akossiwa Agbéko',
      '90 22 22 22',
      'Mère',
    ]);
    sheet.addRow([
      'Yao Mensah',
      'pas un numéro',
      'Master Droit',
      'M1',
      'Komlan Mensah',
      '91 33 33 33',
      'Père',
    ]);
    sheet.addRow(['Essi Lawson', '', 'Master Droit', 'M1', 'Ablavi Lawson', '92 44 44 44', 'Mère']);
    const file = path.join(folder, 'eleves.xlsx');
    await workbook.xlsx.writeFile(file);
    return file;
  }

  it('runs from the programme to the export of balances', async () => {
    const page = await signUpAndLogIn();

    // A school year, a programme and a level paid in three tranches.
    await page.goto('/admin/programmes');
    await page.getByRole('button', { name: 'Nouvelle année scolaire' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByLabel('Libellé').fill('2030-2031');
    await dialog.getByLabel('Premier jour').fill('2030-09-01');
    await dialog.getByLabel('Dernier jour').fill('2031-07-31');
    await dialog.getByRole('button', { name: 'Créer l’année' }).click();
    await page.getByText('2030-2031').first().waitFor();

    await page.getByRole('button', { name: 'Nouveau programme' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom du programme').fill('Master Droit');
    await dialog.getByRole('button', { name: 'Créer le programme' }).click();
    await page.getByText('Aucun niveau ajouté').waitFor();

    await page.getByRole('button', { name: 'Ajouter un niveau au programme Master Droit' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom du niveau').fill('M1');
    await dialog.getByLabel('Inscription').fill('120 000');
    await dialog.getByLabel('Échéancier').check();
    const tranches: [string, string, string, string][] = [
      ['1re tranche', '400 000', '15', 'octobre'],
      ['2e tranche', '300 000', '15', 'janvier'],
      ['3e tranche', '300 000', '15', 'avril'],
    ];
    for (const [index, [label, amount, day, month]] of tranches.entries()) {
      if (index > 0) await dialog.getByRole('button', { name: 'Ajouter une échéance' }).click();
      const item = dialog.getByRole('group', { name: `Échéance ${index + 1}` });
      await item.getByLabel('Libellé').fill(label);
      await item.getByLabel('Montant').fill(amount);
      await item.getByLabel('Jour').fill(day);
      await item.getByLabel('Mois').selectOption({ label: month });
    }
    await dialog.getByText('Total annuel : 1 120 000 FCFA'.replace(/ /g, '\u202f')).waitFor();
    await dialog.getByRole('button', { name: 'Ajouter le niveau' }).click();
    // Exact: the closing dialog's summary (« Inscription … + 3 échéances (…) ») may still be there.
    await page.getByText('3 échéances', { exact: true }).waitFor();

    // Import: the bad row is listed in the preview, then skipped.
    await page.goto('/admin/etudiants');
    await page.getByRole('button', { name: 'Importer' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Choisir un fichier').setInputFiles(await studentsFile());
    await dialog.getByText('Problèmes relevés dans le fichier').waitFor();
    const issues = dialog.getByRole('table', { name: 'Problèmes relevés dans le fichier' });
    await issues.getByRole('cell', { name: '4', exact: true }).waitFor();
    expect(await issues.getByText("n'est pas valide").count()).toBeGreaterThan(0);
    expect(await dialog.getByLabel('Tout ou rien').isDisabled()).toBe(true);
    await dialog.getByLabel(/Ignorer les lignes en erreur/).check();
    await dialog.getByRole('button', { name: 'Importer', exact: true }).click();
    await dialog.getByText('Import terminé.').waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Fermer' }).first().click();

    const table = page.getByRole('table');
    await table.getByRole('link', { name: 'Kossi Agbéko' }).waitFor();
    expect(await table.getByText('Yao Mensah').count()).toBe(0);

    // Enrolled by the import: the tranches are invoiced; the family shares its guardian.
    await table.getByRole('link', { name: 'Kossi Agbéko' }).click();
    await page.getByRole('heading', { name: 'Kossi Agbéko' }).waitFor();
    await page.getByText('1re tranche').waitFor();
    await page.getByText('3e tranche').waitFor();
    await page.getByText('Famille').first().waitFor();
    await page.getByText(/ST-\d{4}-0001/).waitFor();

    // A scholarship is only recommended: another member grants it (never the one who recommends).
    await page.getByRole('button', { name: 'Nouvelle bourse' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nom de la bourse').fill('Bourse d’excellence');
    await dialog.getByLabel('Pourcentage (1 à 100)').fill('10');
    await dialog.getByLabel('Motif').fill('Major de promotion');
    await dialog.getByRole('button', { name: 'Recommander la bourse' }).click();
    await page.getByText('Bourse « Bourse d’excellence » recommandée', { exact: false }).waitFor();
    await page.getByText('Vous l’avez recommandée', { exact: false }).waitFor();

    // The ageing of balances, exported from the students list.
    await page.goto('/admin/etudiants');
    await page.getByRole('button', { name: 'Exporter' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Soldes par ancienneté — CSV' }).click();
    const file = await (await download).path();
    const csv = readFileSync(file!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Kossi Agbéko');
    expect(csv).toContain('Essi Lawson');
    expect(csv.split('\r\n')[0]).toContain(';');
  });
});
