import { describe, expect, it } from 'vitest';
import { html } from '../../platform/http/html';
import { pageSchool, renderPayerPage, schoolIntro, textOn } from './payer-page';

const assets = { scripts: ['/assets/payer-abc.js'], styles: ['/assets/payer-abc.css'] };

function school(changes: Partial<Parameters<typeof pageSchool>[0]> = {}) {
  return pageSchool({
    name: 'Collège <Saint> Joseph',
    slug: 'college-saint-joseph',
    brandColor: '#F4D35E',
    logoFile: 'b1946ac9.png',
    logoVersion: 'b1946ac9',
    publicIntro: 'Bienvenue !\n\nRèglement <b>sans</b> frais.',
    ...changes,
  });
}

describe('the payer pages’ shell with the school’s branding', () => {
  it('names the school and the page for the beacon, and preloads the script’s shared chunks', () => {
    const page = renderPayerPage({
      title: 'Payer',
      school: school(),
      body: html`<p>x</p>`,
      assets: { ...assets, preloads: ['/assets/beacon-abc.js'] },
      page: 'paiement',
    });
    expect(page).toMatch(
      /<body style="[^"]+" data-school="college-saint-joseph" data-page="paiement">/,
    );
    expect(page).toContain('<link rel="modulepreload" href="/assets/beacon-abc.js" />');
    // Without a school (an unknown address), nothing for the beacon.
    const unknown = renderPayerPage({ title: 'Introuvable', body: html``, assets, page: 'lien' });
    expect(unknown).toMatch(/<body style="[^"]+">/);
  });

  it('shows the logo (versioned address, fixed box, the school’s name as alt) and its colour', () => {
    const page = renderPayerPage({
      title: 'Payer',
      school: school(),
      body: html`<p>x</p>`,
      assets,
    });
    expect(page).toMatch(
      /<img\s+class="logo"\s+src="\/api\/public\/schools\/college-saint-joseph\/logo\?v=b1946ac9&amp;w=96"\s+alt="Collège &lt;Saint&gt; Joseph"\s+width="48"\s+height="48"/,
    );
    expect(page).not.toContain('class="badge"');
    // A light colour gets near-black text; the header band and buttons read the variables.
    expect(page).toContain('<body style="--brand:#F4D35E;--on-brand:#111827">');
    expect(page).toContain('<meta name="theme-color" content="#F4D35E" />');
    expect(textOn('#1E3A8A')).toBe('#ffffff');
  });

  it('keeps the initials without a logo, and Écolage’s colour for an unsafe one', () => {
    const page = renderPayerPage({
      title: 'Payer',
      school: school({ logoFile: null, logoVersion: null, brandColor: 'red;}body{x' }),
      body: html``,
      assets,
    });
    expect(page).toContain('<span class="badge" aria-hidden="true">C&lt;</span>');
    expect(page).not.toContain('<img');
    expect(page).toContain('--brand:#484D9B;--on-brand:#ffffff');
  });

  it('turns the introduction into escaped paragraphs', () => {
    const intro = schoolIntro(school()).toString();
    expect(intro).toMatch(/^<div class="intro"><p>\s*Bienvenue !\s*<\/p><p>/);
    expect(intro).toContain('Règlement &lt;b&gt;sans&lt;/b&gt; frais.');
    expect(schoolIntro(school({ publicIntro: '   ' }))).toBe('');
  });
});
