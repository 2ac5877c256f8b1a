import type { FastifyReply } from 'fastify';
import { html, type Html } from '../../platform/http/html';
import type { EntryAssets } from '../../platform/http/web-assets';

/** The school as a payer page shows it: its name, its colour, its initials in the badge. */
export interface PageSchool {
  name: string;
  slug: string;
  brandColor: string;
  initials: string;
}

export interface PayerPage {
  title: string;
  school?: PageSchool | null;
  body: Html;
  assets: EntryAssets;
  /** Without JavaScript, the page reloads itself (the waiting screen). */
  refreshSeconds?: number;
}

/** Dark text on a light brand colour, white on a dark one (WCAG contrast). */
export function textOn(hex: string): '#111827' | '#ffffff' {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return '#ffffff';
  const value = parseInt(match[1], 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}

const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * The shell of every payer page (and of the pre-registration form): French, readable from 320 px,
 * the school's colour in the header, the payer entry's own small script and styles, nothing from
 * another origin.
 */
export function renderPayerPage(page: PayerPage): string {
  const brand =
    page.school && SAFE_COLOR.test(page.school.brandColor) ? page.school.brandColor : '#484D9B';
  const style = `--brand:${brand};--on-brand:${textOn(brand)}`;
  return `<!doctype html>${html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${page.title}</title>
      <meta
        name="description"
        content="${page.school ? `Payer les frais de scolarité de ${page.school.name}` : 'Payer les frais de scolarité'}"
      />
      <meta name="theme-color" content="${brand}" />
      <meta name="robots" content="noindex" />
      ${page.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${page.refreshSeconds}" /></noscript>` : ''}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      ${page.assets.styles.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
      ${page.assets.scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
    </head>
    <body style="${style}">
      <header class="school">
        ${
          page.school
            ? html`<span class="badge" aria-hidden="true">${page.school.initials}</span
                ><span class="school-name">${page.school.name}</span>`
            : html`<span class="school-name">Écolage</span>`
        }
      </header>
      <main id="contenu">${page.body}</main>
      <footer class="foot">
        <p>Paiement sécurisé par <strong>Écolage</strong></p>
      </footer>
    </body>
  </html>`}`;
}

/** Sends a payer page: HTML, never cached (it shows live balances), no referrer to providers. */
export function sendPayerPage(reply: FastifyReply, page: PayerPage, statusCode = 200) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(renderPayerPage(page));
}
