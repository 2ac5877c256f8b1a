import { describe, expect, it } from 'vitest';
import { maskedUrl } from './masked-url';

describe('the URLs written to the access log', () => {
  it('masks the secrets a payer link, an opt-out, a short link, a receipt code and a webhook carry', () => {
    expect(maskedUrl('/payer/l/Xk3_9aQ-zz')).toBe('/payer/l/…');
    expect(maskedUrl('/payer/l/Xk3_9aQ-zz/coupon?lang=en')).toBe('/payer/l/…/coupon?lang=en');
    expect(maskedUrl('/desabonnement/eyJhbGci.sig/reactiver')).toBe('/desabonnement/…/reactiver');
    expect(maskedUrl('/s/AbC123')).toBe('/s/…');
    expect(maskedUrl('/verifier/RC-7Q2M')).toBe('/verifier/…');
    expect(maskedUrl('/api/public/receipts/RC-7Q2M/pdf')).toBe('/api/public/receipts/…/pdf');
    expect(maskedUrl('/api/webhooks/messages/infobip/secret-du-webhook')).toBe(
      '/api/webhooks/messages/infobip/…',
    );
  });

  it('masks the values of secret parameters and keeps the others', () => {
    expect(maskedUrl('/api/files?path=logos%2Fa.png&expires=1790000000&sig=abcdef')).toBe(
      '/api/files?path=logos%2Fa.png&expires=1790000000&sig=…',
    );
    expect(maskedUrl('/reinitialiser?token=abc&x=1&%74oken=def')).toBe(
      '/reinitialiser?token=…&x=1&%74oken=…',
    );
    expect(maskedUrl('/api/students?page=2&q=Kossi')).toBe('/api/students?page=2&q=Kossi');
  });

  it('leaves the other paths alone, including lookalikes', () => {
    expect(maskedUrl('/payer/retour/8d3c-4a')).toBe('/payer/retour/8d3c-4a');
    expect(maskedUrl('/api/students/s/1')).toBe('/api/students/s/1');
    expect(maskedUrl('/payer/l/')).toBe('/payer/l/');
    expect(maskedUrl('/api/files?%E0%A4%A=1')).toBe('/api/files?%E0%A4%A=1');
  });
});
