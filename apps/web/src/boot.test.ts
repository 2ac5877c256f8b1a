import { beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { render } from './entry-server';
import { jsonResponse, sentBody, stubFetch } from './test/fetch-mock';

/** index.html as the build writes it: the landing page prerendered for "/". */
async function prerenderedPage(path: string) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root" data-prerendered="/">${await render('/')}</div>`;
}

function click(element: Element) {
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

describe('boot script', () => {
  beforeEach(() => {
    vi.resetModules(); // boot.ts runs once per import
  });

  it('leaves the prerendered page alone until the first click, then replays that click', async () => {
    await prerenderedPage('/');
    await import('./boot');
    const toggle = document.querySelector('button[aria-controls="menu-principal"]') as Element;

    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false'); // no React yet

    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'), {
      timeout: 5000,
    });
  });

  it('replays a form submitted before hydration', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(jsonResponse(200, { message: 'Merci !' })));
    await prerenderedPage('/');
    await import('./boot');
    const email = document.querySelector('footer input[name="email"]') as HTMLInputElement;
    email.value = 'ama@exemple.tg'; // typed before hydration: the field is uncontrolled
    const form = email.form as HTMLFormElement;
    form.requestSubmit();

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sentBody(fetchMock)).toEqual({ email: 'ama@exemple.tg', website: '' });
  });

  it('renders any other route from scratch at once', async () => {
    await prerenderedPage('/about');
    await import('./boot');

    await waitFor(() => expect(document.querySelector('h1')?.textContent).toBe('À propos'), {
      timeout: 5000,
    });
    expect(document.documentElement.hasAttribute('data-boot')).toBe(false);
    window.history.replaceState(null, '', '/');
  });
});
