import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser';

describe('public website (smoke)', () => {
  const browser = useBrowser();

  it('renders the landing page in French with the plans in francs CFA', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    await page
      .getByRole('heading', { level: 1, name: 'Payez les frais de scolarité, sans tracas.' })
      .waitFor();
    expect(await page.title()).toMatch(/Écolage/);
    const pricing = await page.locator('#tarifs').innerText();
    expect(pricing).toContain('Découverte');
    expect(pricing).toMatch(/165\u202f000\s?FCFA/);
    expect(pricing).toContain('Sur devis');
    expect(pricing).not.toContain('$');
    expect(errors).toEqual([]);
  });

  it('subscribes to the newsletter and shows the success toast', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const email = page.getByLabel('Adresse e-mail');
    await email.fill(`parent.${Date.now()}@exemple.tg`);
    await page.getByRole('button', { name: "S'abonner" }).click();
    await page.getByText('Merci ! Votre abonnement à la newsletter est confirmé.').waitFor();
    expect(await email.inputValue()).toBe('');
  });

  it('sends the contact form, shows the spec toast and clears the fields', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const form = page.locator('#contact form');
    await form.getByLabel('Nom').fill('Kossi Agbéko');
    await form.getByLabel('E-mail').fill('kossi.agbeko@exemple.tg');
    await form.getByLabel('Objet').fill('Démonstration');
    await form
      .getByLabel('Message')
      .fill('Bonjour, une démonstration pour notre collège de Lomé ?');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Votre message a été envoyé avec succès !').waitFor();
    expect(await form.getByLabel('Nom').inputValue()).toBe('');
    expect(await form.getByLabel('Message').inputValue()).toBe('');
  });

  it('refuses an incomplete contact form without sending anything', async () => {
    const page = await browser.newPage();
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto('/');
    const form = page.locator('#contact form');
    await form.getByLabel('Nom').fill('Ama');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Veuillez remplir tous les champs obligatoires.').first().waitFor();
    expect(posted).toBe(false);
  });

  it('shows the designed not-found page on an unknown path', async () => {
    const page = await browser.newPage();
    await page.goto('/cette-page-n-existe-pas');
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    await page
      .getByRole('link', { name: /accueil/i })
      .first()
      .click();
    await page
      .getByRole('heading', { level: 1, name: 'Payez les frais de scolarité, sans tracas.' })
      .waitFor();
  });
});

describe('public website on a small phone (320 px)', () => {
  const browser = useBrowser({ viewport: { width: 320, height: 640 } });

  it('collapses the menu behind a button and opens it', async () => {
    const page = await browser.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { expanded: false }).filter({ hasText: /menu/i });
    await toggle.first().click();
    await page.getByRole('link', { name: 'Tarifs' }).first().waitFor({ state: 'visible' });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });
});
