/**
 * The HTML part of an e-mail, made from its text: a plain card headed by the school's band (its
 * colour, its logo as an inline attachment, its name), paragraphs as written, links clickable. Inline styles only (mail clients drop style sheets);
 * every piece of text escaped.
 */

import { escapeHtml } from '../../platform/http/html';
import { inkOn, textColor } from '../../platform/pdf-colors';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** One line of text, its addresses as links (in the school's colour, made readable on white). */
function lineHtml(line: string, linkColor: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:${linkColor};font-weight:600;word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** French spacing: no line break inside « … » nor before : ; ? ! (a no-break space). */
function frenchSpaces(text: string): string {
  return text.replace(/« /g, '«\u00A0').replace(/ ([»:;?!])/g, '\u00A0$1');
}

/** Paragraphs split on blank lines; the lines of one paragraph kept apart. */
function bodyHtml(text: string, linkColor: string): string {
  return frenchSpaces(text)
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${paragraph
          .split('\n')
          .map((line) => lineHtml(line, linkColor))
          .join('<br>')}</p>`,
    )
    .join('\n');
}

/** The school an e-mail is sent in the name of, as its header shows it (« Apparence »). */
export interface EmailSchool {
  name: string;
  /** `#RRGGBB`: the header band; its text is white or near-black, whichever reads. */
  brandColor: string;
  /** The logo's `cid:` (an inline attachment of the message), or null without a logo. */
  logoCid: string | null;
}

export interface EmailLayout {
  /** The school the message is about; « Écolage » for account messages. */
  schoolName: string;
  /** The school's colour and logo; left out for Écolage's own messages (password reset). */
  school?: EmailSchool | null;
  subject: string;
  text: string;
}

const SAFE_COLOR = /^#[0-9a-fA-F]{6}$/;
/** Écolage's own messages: its green rule under its name. */
const ECOLAGE_LINK = '#047857';

/** The top of the card: the school's band (logo, name) or Écolage's plain name over a rule. */
function headerHtml(schoolName: string, school: EmailSchool | null | undefined): string {
  const name = escapeHtml(schoolName);
  if (!school || !SAFE_COLOR.test(school.brandColor)) {
    return `<tr><td style="padding:20px 24px;border-bottom:3px solid ${ECOLAGE_LINK};font-size:18px;font-weight:700;color:#065f46">${name}</td></tr>`;
  }
  const ink = inkOn(school.brandColor);
  const logo = school.logoCid
    ? `<td width="56" style="padding:0 12px 0 0;vertical-align:middle"><img src="cid:${escapeHtml(school.logoCid)}" alt="${name}" width="48" height="48" style="display:block;width:48px;height:48px;border:0;border-radius:8px;background:#ffffff"></td>`
    : '';
  return `<tr><td style="padding:16px 24px;background:${school.brandColor};border-radius:12px 12px 0 0"><table role="presentation" cellpadding="0" cellspacing="0"><tr>${logo}<td style="vertical-align:middle;font-size:18px;font-weight:700;color:${ink}">${name}</td></tr></table></td></tr>`;
}

export function emailHtml({ schoolName, school, subject, text }: EmailLayout): string {
  const name = escapeHtml(schoolName);
  const branded = school && SAFE_COLOR.test(school.brandColor);
  const linkColor = branded ? textColor(school.brandColor) : ECOLAGE_LINK;
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;color:#111827;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px">
${headerHtml(schoolName, school)}
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${bodyHtml(text, linkColor)}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">Message envoyé par Écolage${schoolName === 'Écolage' ? '' : ` pour ${name}`}. Merci de ne pas répondre à cet e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
