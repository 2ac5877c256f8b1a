import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

describe('accounts (journey)', () => {
  const browser = useBrowser();

  const checkYourMail =
    'Demande enregistrée. Vérifiez votre messagerie : nous vous avons écrit à cette adresse. Si votre école vient d’être créée, vous pouvez déjà vous connecter.';

  async function signUp(email: string, schoolName: string) {
    const page = await browser.newPage();
    await page.goto('/signup');
    await page.getByLabel('Nom', { exact: true }).fill('Kossi Agbéko');
    await page.getByLabel("Nom de l'école").fill(schoolName);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/login**');
    await page.getByRole('status').filter({ hasText: checkYourMail }).waitFor();
    return page;
  }

  it('signs a school up, logs in and lands on the admin home greeted by name', async () => {
    const email = `direction.${Date.now()}@lumiere.tg`;
    const page = await signUp(email, 'Collège Lumière de Kara');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Bonjour, Kossi' }).waitFor();
    expect(await page.getByText('Collège Lumière de Kara').first().isVisible()).toBe(true);
  });

  it('answers a sign-up with a known address exactly as a new one: check your mailbox', async () => {
    const page = await signUp('direction@ecole-demo.tg', 'École fantôme');
    expect(await page.getByText(/existe déjà/).count()).toBe(0);
    expect(await page.getByLabel('E-mail', { exact: true }).inputValue()).toBe(
      'direction@ecole-demo.tg',
    );
  });

  it('refuses wrong credentials with the French message', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail', { exact: true }).fill('direction@ecole-demo.tg');
    await page.getByLabel('Mot de passe', { exact: true }).fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText('E-mail ou mot de passe incorrect.').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('sends a visitor to login and back; a cashier does not see what the role forbids', async () => {
    const page = await browser.newPage();
    await page.goto('/admin/paiements');
    await page.waitForURL('**/login?next=**');
    await page.getByLabel('E-mail', { exact: true }).fill('caisse@ecole-demo.tg');
    await page.getByLabel('Mot de passe', { exact: true }).fill('ecolage-demo');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/paiements');
    const sidebar = page.getByRole('navigation').first();
    await sidebar.getByRole('link', { name: 'Paiements' }).waitFor();
    expect(await sidebar.getByRole('link', { name: 'Statistiques' }).count()).toBe(0);
    expect(await sidebar.getByRole('link', { name: 'Marketing' }).count()).toBe(0);
  });
});
