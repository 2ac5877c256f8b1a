import zlib from 'node:zlib';
import type { PublicPage } from '@ecolage/contracts';
import type { FastifyReply } from 'fastify';
import { html, type Html } from '../../platform/http/html';
import type { EntryAssets } from '../../platform/http/web-assets';
import { schoolLogoUrl, type Organization } from '../organizations';
import { schoolInitials } from '../receipts';

/**
 * The school as a payer page shows it: its name, its colour, its logo (or its initials in the
 * badge when it has none) and its short introduction (« Pages »).
 */
export interface PageSchool {
  name: string;
  slug: string;
  brandColor: string;
  initials: string;
  /** `/api/public/schools/<slug>/logo?v=<version>`, or null without a logo. */
  logoUrl: string | null;
  /** Plain text, shown escaped on the pay page and the pre-registration form. */
  publicIntro: string | null;
}

/** The school's row as its payer pages show it. */
export function pageSchool(
  school: Pick<
    Organization,
    'name' | 'slug' | 'brandColor' | 'logoFile' | 'logoVersion' | 'publicIntro'
  >,
): PageSchool {
  return {
    name: school.name,
    slug: school.slug,
    brandColor: school.brandColor,
    initials: schoolInitials(school.name),
    logoUrl: schoolLogoUrl(school, 'small'),
    publicIntro: school.publicIntro?.trim() || null,
  };
}

/** The school's introduction: paragraphs on blank lines, line breaks kept, all of it escaped. */
export function schoolIntro(school: Pick<PageSchool, 'publicIntro'> | null | undefined): Html | '' {
  const text = school?.publicIntro;
  if (!text) return '';
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        html`<p>
          ${paragraph.split('\n').map((line, index) => (index ? html`<br />${line}` : line))}
        </p>`,
    );
  return html`<div class="intro">${paragraphs}</div>`;
}

/** The header's mark: the school's logo (a fixed box: no shift when it loads), else its initials. */
function schoolMark(school: PageSchool): Html {
  return school.logoUrl
    ? html`<img
        class="logo"
        src="${school.logoUrl}"
        alt="${school.name}"
        width="48"
        height="48"
        decoding="async"
      />`
    : html`<span class="badge" aria-hidden="true">${school.initials}</span>`;
}

export interface PayerPage {
  title: string;
  school?: PageSchool | null;
  body: Html;
  assets: EntryAssets;
  /** Without JavaScript, the page reloads itself (the waiting screen). */
  refreshSeconds?: number;
  /**
   * What the page is for: paying (default), the pre-registration form, or finding the school for
   * either (`/form`). Only the paying pages are kept out of search engines.
   */
  purpose?: 'payment' | 'registration' | 'finder';
  /**
   * The public page the beacon reports (page analytics), with the school's slug; none on pages
   * that are no school's (unknown school, the finder).
   */
  page?: PublicPage;
}

function description(page: PayerPage): string {
  const school = page.school ? ` de ${page.school.name}` : '';
  switch (page.purpose) {
    case 'registration':
      return `Demande d’inscription en ligne${school}`;
    case 'finder':
      return 'Trouvez l’école de votre enfant pour payer les frais de scolarité ou le pré-inscrire en ligne, sans compte.';
    default:
      return `Payer les frais de scolarité${school}`;
  }
}

const FOOTER = {
  payment: 'Paiement sécurisé',
  registration: 'Inscription en ligne',
  finder: 'Paiement et inscription en ligne',
} as const;

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
const DEFAULT_BRAND = '#484D9B';

/** A school's colour as the payer styles read it (`--brand`, `--on-brand`), Écolage's if unsafe. */
export function brandStyle(color: string | null | undefined): string {
  const brand = color && SAFE_COLOR.test(color) ? color : DEFAULT_BRAND;
  return `--brand:${brand};--on-brand:${textOn(brand)}`;
}

/** The body's colours, and on the school's own pages what the beacon reports (page analytics). */
function bodyAttributes(page: PayerPage, style: string): Html {
  if (!page.page || !page.school) return html`style="${style}"`;
  return html`style="${style}" data-school="${page.school.slug}" data-page="${page.page}"`;
}

/**
 * The shell of every payer page (and of the pre-registration form): French, readable from 320 px,
 * the school's colour in the header, the payer entry's own small script and styles, nothing from
 * another origin.
 */
export function renderPayerPage(page: PayerPage): string {
  const brand =
    page.school && SAFE_COLOR.test(page.school.brandColor) ? page.school.brandColor : DEFAULT_BRAND;
  const style = brandStyle(brand);
  return `<!doctype html>${html`<html lang="fr">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${page.title}</title>
      <meta name="description" content="${description(page)}" />
      <meta name="theme-color" content="${brand}" />
      ${(page.purpose ?? 'payment') === 'payment' ? html`<meta name="robots" content="noindex" />` : ''}
      ${page.refreshSeconds ? html`<noscript><meta http-equiv="refresh" content="${page.refreshSeconds}" /></noscript>` : ''}
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      ${page.assets.styles.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
      ${page.assets.scripts.map((src) => html`<script type="module" src="${src}"></script>`)}
      ${(page.assets.preloads ?? []).map((href) => html`<link rel="modulepreload" href="${href}" />`)}
    </head>
    <body ${bodyAttributes(page, style)}>
      <header class="school">
        ${
          page.school
            ? html`${schoolMark(page.school)}<span class="school-name">${page.school.name}</span>`
            : html`<span class="school-name">Écolage</span>`
        }
      </header>
      <main id="contenu">${page.body}</main>
      <footer class="foot">
        <p>
          ${FOOTER[page.purpose ?? 'payment']} par
          <strong>Écolage</strong>
        </p>
      </footer>
    </body>
  </html>`}`;
}

/**
 * The page's bytes, compressed when the browser accepts it (a payer page is read over 3G; the
 * web app's static files are compressed at build time, these pages on the fly).
 */
function encodePage(page: string, acceptEncoding: string | undefined) {
  const offered = (acceptEncoding ?? '').split(',').map((entry) => entry.trim());
  const accepts = (name: string) => offered.some((entry) => entry.split(';')[0] === name);
  if (accepts('br')) {
    const quality = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    return { encoding: 'br', body: zlib.brotliCompressSync(page, { params: quality }) };
  }
  if (accepts('gzip')) return { encoding: 'gzip', body: zlib.gzipSync(page) };
  return { encoding: null, body: page };
}

/** Sends a payer page: HTML, never cached (it shows live balances), no referrer to providers. */
export function sendPayerPage(reply: FastifyReply, page: PayerPage, statusCode = 200) {
  const { encoding, body } = encodePage(
    renderPayerPage(page),
    reply.request.headers['accept-encoding'],
  );
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .code(statusCode)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

/** A page that only says something: a link refused, a payment not found. */
export interface MessagePage {
  title: string;
  message: string;
  school?: PageSchool | null;
  assets: EntryAssets;
  /** A way on: the school's pay page, back to the link. */
  action?: { href: string; label: string };
}

export function sendMessagePage(reply: FastifyReply, page: MessagePage, statusCode: number) {
  const body = html`<section class="card stack">
    <h1>${page.title}</h1>
    <p>${page.message}</p>
    ${page.action ? html`<p><a class="btn btn-primary" href="${page.action.href}">${page.action.label}</a></p>` : ''}
  </section>`;
  return sendPayerPage(
    reply,
    { title: page.title, school: page.school ?? null, body, assets: page.assets },
    statusCode,
  );
}
