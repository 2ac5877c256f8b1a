import type { FastifyReply } from 'fastify';
import { html, type Html } from '../../../platform/http/html';
import type { EntryAssets } from '../../../platform/http/web-assets';
import { schoolLogoUrl, type Organization } from '../../organizations';

/**
 * The small pages behind our links (a short link gone, an opt-out): in the payer pages' look and
 * with their styles (the web app's `payer` entry, its class names), built from platform pieces
 * only — the payer module is downstream of messaging.
 */

export interface LinkPageSchool {
  name: string;
  brandColor: string;
  /** The 96 px logo's address, or null: the school's initials instead. */
  logoUrl: string | null;
}

export function linkPageSchool(
  school: Pick<Organization, 'name' | 'slug' | 'brandColor' | 'logoFile' | 'logoVersion'>,
): LinkPageSchool {
  return {
    name: school.name,
    brandColor: school.brandColor,
    logoUrl: schoolLogoUrl(school, 'small'),
  };
}

export interface LinkPage {
  title: string;
  school?: LinkPageSchool | null;
  body: Html;
  assets: EntryAssets;
}

const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;
const DEFAULT_BRAND = '#484D9B';

/** Dark text on a light colour, white on a dark one (WCAG relative luminance). */
function textOn(hex: string): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = ((value >> shift) & 0xff) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  return luminance > 0.179 ? '#111827' : '#ffffff';
}

function initials(name: string): string {
  const words = name.split(/[\s'’-]+/).filter((word) => /\p{L}/u.test(word));
  return (
    words
      .slice(0, 2)
      .map((word) => [...word][0] ?? '')
      .join('')
      .toUpperCase() || 'É'
  );
}

function schoolMark(school: LinkPageSchool): Html {
  return school.logoUrl
    ? html`<img class="logo" src="${school.logoUrl}" alt="${school.name}" width="48" height="48" />`
    : html`<span class="badge" aria-hidden="true">${initials(school.name)}</span>`;
}

export function renderLinkPage(page: LinkPage): string {
  const brand =
    page.school && SAFE_COLOR.test(page.school.brandColor) ? page.school.brandColor : DEFAULT_BRAND;
  return `<!doctype html>${html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${page.title}</title>
      <meta name="robots" content="noindex" />
      <meta name="theme-color" content="${brand}" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      ${page.assets.styles.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
      ${page.assets.scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
    </head>
    <body style="${`--brand:${brand};--on-brand:${textOn(brand)}`}">
      <header class="school">
        ${
          page.school
            ? html`${schoolMark(page.school)}<span class="school-name">${page.school.name}</span>`
            : html`<span class="school-name">Écolage</span>`
        }
      </header>
      <main id="contenu">${page.body}</main>
      <footer class="foot">
        <p>Messages envoyés par <strong>Écolage</strong></p>
      </footer>
    </body>
  </html>`}`;
}

/** Sends the page: HTML, never cached, kept out of search engines, no referrer. */
export function sendLinkPage(reply: FastifyReply, page: LinkPage, statusCode = 200) {
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex')
    .send(renderLinkPage(page));
}

/** A page that only says something (a link unknown or expired). */
export function sendLinkMessagePage(
  reply: FastifyReply,
  page: Omit<LinkPage, 'body'> & { message: string },
  statusCode: number,
) {
  const body = html`<section class="card stack">
    <h1>${page.title}</h1>
    <p>${page.message}</p>
  </section>`;
  return sendLinkPage(reply, { ...page, body }, statusCode);
}
