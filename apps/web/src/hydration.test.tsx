import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from './entry-server';
import { hydrateApp } from './main';

describe('prerendered landing page', () => {
  it('renders the French landing page to HTML for index.html', async () => {
    const html = await render('/');
    expect(html).toContain('Payez les frais de scolarité, sans tracas.');
    expect(html).toContain('165\u202F000\u00A0FCFA');
    expect(html).toContain('© 2025 Écolage. Tous droits réservés.');
  });

  it('hydrates without a mismatch and becomes interactive', async () => {
    const container = document.createElement('div');
    container.innerHTML = await render('/');
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    const onRecoverableError = vi.fn();
    let ready = false;
    void hydrateApp(container, { onRecoverableError }).then(() => {
      ready = true;
    });
    await waitFor(() => expect(ready).toBe(true));

    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Ouvrir le menu' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    container.remove();
  });
});
