import { describe, expect, it } from 'vitest';
import { basicAuthorization, fedapaySignature, waveSignature } from './signing';

// Golden vectors of research/psp-apis.md §9 (psp-signature-vectors.js), t = 1700000000.
describe('webhook signatures match the published vectors', () => {
  it('signs Wave events as HMAC(secret, t + body) without a dot', () => {
    const body =
      '{"id":"EV_1","type":"checkout.session.completed","data":{"id":"cos-1","amount":"15000","currency":"XOF","client_reference":"INV-1","payment_status":"succeeded","checkout_status":"complete"}}';
    expect(waveSignature('wave_sn_WHS_test_secret', 1700000000, body)).toBe(
      't=1700000000,v1=ffe499d17ae34dda56d53473a8b8df5c12c631b83a8acaf6a5ba1250e50c3755',
    );
    // The Stripe habit (t + "." + body) gives the vector's negative value, never ours.
    expect(waveSignature('wave_sn_WHS_test_secret', 1700000000, body)).not.toContain(
      'dc935964cf51aef78e6bb25acef6834f52754cee5b36a70e80e8a63241ed66e4',
    );
  });

  it('signs FedaPay events as t=…,s=HMAC(secret, t.body)', () => {
    const body =
      '{"name":"transaction.approved","entity":{"id":777,"status":"approved","amount":15000}}';
    expect(fedapaySignature('wh_sandbox_test_secret', 1700000000, body)).toBe(
      't=1700000000,s=86ffb7abf882d7d29981ddcdb2700186a2ef0a7f1ca5e62dde4813c1e85bffb5',
    );
  });

  it('builds the MTN Basic header of the vector', () => {
    expect(
      basicAuthorization(
        'c72025f5-5cd1-4630-99e4-8ba4722fad56',
        'f1db798c98df4bcf83b538175893bbf0',
      ),
    ).toBe(
      'Basic YzcyMDI1ZjUtNWNkMS00NjMwLTk5ZTQtOGJhNDcyMmZhZDU2OmYxZGI3OThjOThkZjRiY2Y4M2I1MzgxNzU4OTNiYmYw',
    );
  });
});
