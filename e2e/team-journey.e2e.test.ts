import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';
import { lastLinkSentTo } from './support/mailbox';

/**
 * The journey: sign up a school, log in, create a role, invite a member who sets a password
 * and logs in with that restricted role, change the profile, see it all in the journal, export it.
 */
describe('team, profile and journal (journey)', () => {
  const browser = useBrowser();
  const stamp = Date.now();
  const admin = { email: `direction.${stamp}@avenir.tg`, password: 'motdepasse-solide' };
  const surveillant = {
    name: 'Essi Dogbé',
    email: `essi.${stamp}@avenir.tg`,
    password: 'surveillance-1',
  };

  async function logIn(email: string, password: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    return page;
  }

  it('signs up, creates a role, invites a member who joins with that restricted role', async () => {
    const signup = await browser.newPage();
    await signup.goto('/signup');
    await signup.getByLabel('Nom', { exact: true }).fill('Afi Mensah');
    await signup.getByLabel("Nom de l'école").fill('Collège Avenir de Sokodé');
    await signup.getByLabel('E-mail', { exact: true }).fill(admin.email);
    await signup.getByLabel('Mot de passe', { exact: true }).fill(admin.password);
    await signup.getByRole('button', { name: 'Créer mon compte' }).click();
    await signup.waitForURL('**/login**');

    const page = await logIn(admin.email, admin.password);
    await page.goto('/admin/utilisateurs');
    await page.getByRole('button', { name: 'Nouveau rôle' }).click();
    const roleDialog = page.getByRole('dialog');
    await roleDialog.getByLabel('Nom du rôle').fill('Surveillant');
    await roleDialog.getByLabel('Description').fill('Suit les élèves, ne touche pas aux paiements');
    await roleDialog.getByRole('checkbox', { name: /Voir les étudiants/ }).check();
    await roleDialog.getByRole('button', { name: 'Créer le rôle' }).click();
    await page.getByText('Rôle « Surveillant » créé.').waitFor();

    await page.getByRole('button', { name: 'Inviter un membre' }).click();
    const inviteDialog = page.getByRole('dialog');
    await inviteDialog.getByLabel('Nom').fill(surveillant.name);
    await inviteDialog.getByLabel('E-mail').fill(surveillant.email);
    await inviteDialog.getByLabel('Rôle').selectOption({ label: 'Surveillant' });
    await inviteDialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await page.getByText(`Invitation envoyée à ${surveillant.email}.`).waitFor();
    await page.getByText('Invitation en attente').first().waitFor();

    const invited = await browser.newPage();
    await invited.goto(await lastLinkSentTo(surveillant.email, '/invitation'));
    await invited.getByText('Collège Avenir de Sokodé').first().waitFor();
    await invited.getByLabel('Mot de passe', { exact: true }).fill(surveillant.password);
    await invited.getByLabel('Confirmez le mot de passe').fill(surveillant.password);
    await invited.getByRole('button', { name: "Accepter l'invitation" }).click();
    await invited.waitForURL('**/login**');

    const member = await logIn(surveillant.email, surveillant.password);
    const sidebar = member.getByRole('navigation').first();
    await sidebar.getByRole('link', { name: 'Étudiants' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Paiements' }).count()).toBe(0);
    await member.goto('/admin/paiements');
    await member.getByText('Accès refusé').first().waitFor();
  });

  it('offers the demo Directeur only the roles he may give, nothing on himself or a Super administration', async () => {
    const page = await logIn('directeur@ecole-demo.tg', 'ecolage-demo');
    await page.goto('/admin/utilisateurs');
    // « de » or « d’ » before the name: the French elision.
    await page.getByRole('button', { name: /^Changer le rôle d(e |’)Ama Lawson$/ }).waitFor();
    expect(
      await page.getByRole('button', { name: 'Changer le rôle de Kodjo Agbéko' }).count(),
    ).toBe(0);
    expect(
      await page.getByRole('button', { name: /^Changer le rôle d(e |’)Afi Mensah$/ }).count(),
    ).toBe(0);
    const deactivate = page.getByRole('button', { name: 'Désactiver Afi Mensah' });
    expect(await deactivate.getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Inviter un membre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter un membre' });
    const options = await dialog
      .getByRole('combobox', { name: 'Rôle' })
      .locator('option')
      .allTextContents();
    // Neither Super administration (manage:roles) nor Caissier (operate:cash_desk).
    expect(options).toEqual(
      expect.arrayContaining(['Directeur', 'Finance', 'Comptabilité', 'Scolarité', 'Lecteur']),
    );
    expect(options).not.toContain('Super administration');
    expect(options).not.toContain('Caissier');
  });

  it('changes the profile name', async () => {
    const page = await logIn(admin.email, admin.password);
    await page.goto('/admin/profiles');
    const name = page.getByLabel('Nom complet');
    await name.fill('Afi Mensah-Lawson');
    await page.getByRole('button', { name: 'Enregistrer le nom' }).click();
    await page.getByText('Nom enregistré.').waitFor();
  });

  it('shows every action in the journal and exports it', async () => {
    const page = await logIn(admin.email, admin.password);
    await page.goto('/admin/joumal');
    for (const label of ['Rôle créé', 'Membre invité', 'Invitation acceptée', 'Nom modifié']) {
      await page.getByText(label).first().waitFor();
    }
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /Exporter/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^journal-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    for (const label of ['Rôle créé', 'Membre invité', 'Invitation acceptée', 'Nom modifié']) {
      expect(csv).toContain(label);
    }
  });
});
