import { describe, expect, it } from 'vitest';
import { emailHtml } from './email-layout';

describe('emailHtml', () => {
  it('lays the text out under the school’s name: paragraphs, lines, links, everything escaped', () => {
    const html = emailHtml({
      schoolName: 'Collège <Avenir> & Fils',
      subject: 'Invitation "test"',
      text: 'Bonjour <b>Komi</b>,\n\nOuvrez ce lien :\nhttps://ecolage.tg/invitation?token=a.b&x=1.\n\nMerci.',
    });
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<title>Invitation &quot;test&quot;</title>');
    expect(html).toContain('Collège &lt;Avenir&gt; &amp; Fils</td>');
    expect(html).toContain('<p style="margin:0 0 16px">Bonjour &lt;b&gt;Komi&lt;/b&gt;,</p>');
    // The link without the sentence's full stop, its address escaped.
    expect(html).toContain(
      'Ouvrez ce lien\u00A0:<br><a href="https://ecolage.tg/invitation?token=a.b&amp;x=1" style="color:#047857;font-weight:600;word-break:break-all">https://ecolage.tg/invitation?token=a.b&amp;x=1</a>.</p>',
    );
    expect(html).toContain('Message envoyé par Écolage pour Collège &lt;Avenir&gt; &amp; Fils.');
    expect(html).not.toContain('<b>');
  });

  it('signs account messages as Écolage alone', () => {
    const html = emailHtml({ schoolName: 'Écolage', subject: 'Code', text: 'Votre code' });
    expect(html).toContain('Message envoyé par Écolage. Merci');
  });

  it('heads a school’s message with its colour band, its logo by cid and links it can read', () => {
    const html = emailHtml({
      schoolName: 'Collège Avenir',
      school: { name: 'Collège Avenir', brandColor: '#FFE066', logoCid: 'logo@x' },
      subject: 'Reçu',
      text: 'Voir https://ecolage.tg/verifier/abc',
    });
    expect(html).toContain('background:#FFE066');
    expect(html).toContain('<img src="cid:logo@x" alt="Collège Avenir" width="48" height="48"');
    expect(html).toContain('color:#1F2430">Collège Avenir</td>');
    // The pale yellow darkened until it reads on white (contrast ≥ 4.5).
    expect(html).not.toContain('color:#FFE066;font-weight:600');
    expect(html).toMatch(
      /<a href="https:\/\/ecolage\.tg\/verifier\/abc" style="color:#[0-9a-f]{6};/,
    );
    const unsafe = emailHtml({
      schoolName: 'X',
      school: { name: 'X', brandColor: 'red;background:url(x)', logoCid: null },
      subject: 'S',
      text: 'T',
    });
    expect(unsafe).not.toContain('url(x)');
  });
});
