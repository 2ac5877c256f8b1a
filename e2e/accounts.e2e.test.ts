import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

describe('accounts (journey)', () => {
  const browser = useBrowser();

  it('signs a school up, logs in and lands on the admin home greeted by name', async () => {
    const page = await browser.newPage();
    const email = `direction.${Date.now()}@lumiere.tg`;
    await page.goto('/signup');
    await page.getByLabel('Nom', { exact: true }).fill('Kossi Agbéko');
    await page.getByLabel("Nom de l'école").fill('Collège Lumière de Kara');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/login**');
    await page.getByText('Votre école est créée. Connectez-vous pour commencer.').waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse-solide');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Bonjour, Kossi' }).waitFor();
    expect(await page.getByText('Collège Lumière de Kara').first().isVisible()).toBe(true);
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
