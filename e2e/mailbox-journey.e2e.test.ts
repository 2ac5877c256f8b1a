import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser';

/** Where the journey leaves its screenshots of the Boîte mail (E2E_SCREENSHOTS, else not kept). */
const screenshots = process.env.E2E_SCREENSHOTS;

async function shoot(page: Page, name: string) {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: true });
}

/**
 * Issue 16, item 6: an invitation leaves through real SMTP. A Super administration invites a
 * member from the Équipe page; the e-mail arrives in the sandbox's Boîte mail, where it is read as
 * a person reads mail (HTML and text parts), and the link in its HTML part opens the invitation,
 * which the new member accepts.
 */
describe('an invitation read in the sandbox’s Boîte mail (journey)', () => {
  const browser = useBrowser();
  const stamp = Date.now();
  const invitee = {
    name: 'Kossi Ayité',
    email: `kossi.${stamp}@ecole-demo.tg`,
    password: 'caisse-solide-1',
  };

  it('invites from the Équipe page; the e-mail arrives over SMTP and its link opens the invitation', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill('direction@ecole-demo.tg');
    await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto('/admin/utilisateurs');
    await page.getByRole('button', { name: 'Inviter un membre' }).click();
    const dialog = page.getByRole('dialog', { name: 'Inviter un membre' });
    await dialog.getByLabel('Nom').fill(invitee.name);
    await dialog.getByLabel('E-mail').fill(invitee.email);
    await dialog.getByLabel('Rôle').selectOption({ label: 'Caissier' });
    await dialog.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await page.getByText(`Invitation envoyée à ${invitee.email}.`).waitFor();

    // The sandbox's Boîte mail, opened from its téléphone page.
    const mailbox = await browser.newPage();
    await mailbox.goto(`${inject('sandboxUrl')}/telephone`);
    await mailbox.getByRole('link', { name: 'Boîte mail' }).click();
    await mailbox.getByRole('heading', { level: 1, name: 'Boîte mail' }).waitFor();
    await mailbox.getByLabel('Adresse e-mail').fill(invitee.email);
    await mailbox.getByRole('button', { name: 'Afficher' }).click();
    const subject = 'Afi Mensah vous invite sur Écolage (École Démo)';
    // The e-mail leaves after the invitation's commit: the page is asked again until it is there.
    for (let attempt = 0; attempt < 40; attempt += 1) {
      if ((await mailbox.getByRole('link', { name: subject }).count()) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      await mailbox.reload();
    }
    await mailbox.getByText('Messages reçus (1)').waitFor();
    await mailbox.getByText(`À : ${invitee.email}`).waitFor();
    await shoot(mailbox, 'boite-mail-liste');
    await mailbox.getByRole('link', { name: subject }).click();

    await mailbox.getByRole('heading', { level: 1, name: subject }).waitFor();
    await mailbox.getByText('no-reply@ecolage.local').first().waitFor();
    // The text part, as sent.
    const text = mailbox.locator('pre.mail-text');
    expect(await text.textContent()).toContain('avec le rôle « Caissier »');
    // The HTML part, in its sandboxed frame: the school's name, then the link.
    const frame = mailbox.frameLocator('iframe.mail');
    await frame.getByText('École Démo').first().waitFor();
    await frame.getByText(/avec le rôle «\s*Caissier\s*»/).waitFor();
    await shoot(mailbox, 'boite-mail-message');
    const [invitation] = await Promise.all([
      mailbox.waitForEvent('popup'),
      frame.getByRole('link', { name: /\/invitation\?token=/ }).click(),
    ]);

    await invitation.waitForURL((url) => url.pathname === '/invitation');
    await invitation.getByText('École Démo').first().waitFor();
    await invitation.getByLabel('Mot de passe', { exact: true }).fill(invitee.password);
    await invitation.getByLabel('Confirmez le mot de passe').fill(invitee.password);
    await invitation.getByRole('button', { name: "Accepter l'invitation" }).click();
    await invitation.waitForURL('**/login**');
  });
});
