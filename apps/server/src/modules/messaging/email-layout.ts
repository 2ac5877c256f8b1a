/**
 * The HTML part of an e-mail, made from its text: a plain card with the school's name at the top,
 * paragraphs as written, links clickable. Inline styles only (mail clients drop style sheets);
 * every piece of text escaped.
 */

import { escapeHtml } from '../../platform/http/html';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** One line of text, its addresses as links. */
function lineHtml(line: string): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(line.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" style="color:#047857;font-weight:600;word-break:break-all">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** French spacing: no line break inside « … » nor before : ; ? ! (a no-break space). */
function frenchSpaces(text: string): string {
  return text.replace(/« /g, '«\u00A0').replace(/ ([»:;?!])/g, '\u00A0$1');
}

/** Paragraphs split on blank lines; the lines of one paragraph kept apart. */
function bodyHtml(text: string): string {
  return frenchSpaces(text)
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px">${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`,
    )
    .join('\n');
}

export interface EmailLayout {
  /** The school the message is about; « Écolage » for account messages. */
  schoolName: string;
  subject: string;
  text: string;
}

export function emailHtml({ schoolName, subject, text }: EmailLayout): string {
  const school = escapeHtml(schoolName);
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
<tr><td style="padding:20px 24px;border-bottom:3px solid #047857;font-size:18px;font-weight:700;color:#065f46">${school}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${bodyHtml(text)}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#6b7280">Message envoyé par Écolage${schoolName === 'Écolage' ? '' : ` pour ${school}`}. Merci de ne pas répondre à cet e-mail.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
