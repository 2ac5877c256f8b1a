import { describe, expect, it } from 'vitest';
import { html, trustedHtml } from './html';

describe('html', () => {
  it('escapes what is interpolated, but not nested templates', () => {
    const name = '<script>alert("x")</script> & Cie';
    const inner = html`<b>${name}</b>`;
    expect(html`<p title="${"a'b"}">${inner}${[1, ' ', null, false]}</p>`.value).toBe(
      '<p title="a&#39;b"><b>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cie</b>1 </p>',
    );
    expect(html`${trustedHtml('<svg/>')}`.value).toBe('<svg/>');
  });
});
