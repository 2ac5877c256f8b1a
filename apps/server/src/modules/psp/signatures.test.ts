import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  constantTimeEqual,
  hmacSha256Hex,
  parseSignatureHeader,
  verifyTimestampedSignature,
} from './signatures';

// Golden vectors of research/psp-signature-vectors.js (research/psp-apis.md §9), all at t = 1700000000.
const T = 1700000000;
const AT_T = new Date(T * 1000);

const WAVE = {
  secret: 'wave_sn_WHS_test_secret',
  body: '{"id":"EV_1","type":"checkout.session.completed","data":{"id":"cos-1","amount":"15000","currency":"XOF","client_reference":"INV-1","payment_status":"succeeded","checkout_status":"complete"}}',
  v1: 'ffe499d17ae34dda56d53473a8b8df5c12c631b83a8acaf6a5ba1250e50c3755',
  dottedV1: 'dc935964cf51aef78e6bb25acef6834f52754cee5b36a70e80e8a63241ed66e4',
};

const FEDAPAY = {
  secret: 'wh_sandbox_test_secret',
  body: '{"name":"transaction.approved","entity":{"id":777,"status":"approved","amount":15000}}',
  s: '86ffb7abf882d7d29981ddcdb2700186a2ef0a7f1ca5e62dde4813c1e85bffb5',
};

describe('signature vectors', () => {
  it('reproduces the published Standard Webhooks vector (HMAC tooling sanity check)', () => {
    const key = Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64');
    const signature = createHmac('sha256', key)
      .update('msg_p5jXN8AQM9LWM0D4loKWxJek.1614265330.{"test": 2432232314}')
      .digest('base64');
    expect(signature).toBe('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('reproduces the Stripe vector (t.body)', () => {
    expect(
      hmacSha256Hex('whsec_test_secret', `${T}.{"id":"evt_1","type":"payment_intent.succeeded"}`),
    ).toBe('22d8dc182f5c588077683bd378368e29765bfe5df2560112b4f28fef120f0e31');
  });

  it('reproduces the Wave vector: t + body WITHOUT a dot', () => {
    expect(hmacSha256Hex(WAVE.secret, `${T}${WAVE.body}`)).toBe(WAVE.v1);
    expect(hmacSha256Hex(WAVE.secret, `${T}.${WAVE.body}`)).toBe(WAVE.dottedV1);
  });

  it('accepts the Wave vector and rejects its dotted (Stripe-habit) variant', () => {
    const check = (v1: string) =>
      verifyTimestampedSignature({
        header: `t=${T},v1=${v1}`,
        scheme: 'v1',
        secret: WAVE.secret,
        rawBody: Buffer.from(WAVE.body),
        separator: '',
        now: AT_T,
      });
    expect(check(WAVE.v1)).toEqual({ ok: true });
    expect(check(WAVE.dottedV1)).toEqual({ ok: false, failure: 'bad_signature' });
  });

  it('accepts any one of several v1 values (secret rotation)', () => {
    const result = verifyTimestampedSignature({
      header: `t=${T},v1=${'0'.repeat(64)},v1=${WAVE.v1}`,
      scheme: 'v1',
      secret: WAVE.secret,
      rawBody: Buffer.from(WAVE.body),
      separator: '',
      now: AT_T,
    });
    expect(result).toEqual({ ok: true });
  });

  it('reproduces and verifies the FedaPay vector (t.body, scheme s)', () => {
    expect(hmacSha256Hex(FEDAPAY.secret, `${T}.${FEDAPAY.body}`)).toBe(FEDAPAY.s);
    const result = verifyTimestampedSignature({
      header: `t=${T},s=${FEDAPAY.s}`,
      scheme: 's',
      secret: FEDAPAY.secret,
      rawBody: Buffer.from(FEDAPAY.body),
      separator: '.',
      now: AT_T,
    });
    expect(result).toEqual({ ok: true });
  });

  it('reproduces the CinetPay x-token vector (concatenated form fields)', () => {
    const fields = [
      '445160',
      'INV-2024-0001',
      '2024-09-15 22:57:15',
      '15000',
      'XOF',
      'abc123',
      'FLOOZTG',
      '90123456',
      '228',
      'fr',
      'V4',
      'Single',
      'Payment',
      '',
      'Frais scolarite',
      'SUCCES',
    ];
    expect(hmacSha256Hex('cinetpay_secret_test', fields.join(''))).toBe(
      '7d4531b520acb4e416141059d9e43cafcec40e710e24aeb1dd01c261029b2742',
    );
  });

  it('reproduces the MTN Basic authorization vector', () => {
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

describe('verifyTimestampedSignature', () => {
  const base = {
    header: `t=${T},v1=${WAVE.v1}`,
    scheme: 'v1',
    secret: WAVE.secret,
    rawBody: Buffer.from(WAVE.body),
    separator: '' as const,
  };

  it('accepts 300 s either side and refuses 301 s (stale or from the future)', () => {
    const at = (seconds: number) => new Date((T + seconds) * 1000);
    expect(verifyTimestampedSignature({ ...base, now: at(300) })).toEqual({ ok: true });
    expect(verifyTimestampedSignature({ ...base, now: at(-300) })).toEqual({ ok: true });
    expect(verifyTimestampedSignature({ ...base, now: at(301) })).toEqual({
      ok: false,
      failure: 'stale_timestamp',
    });
    expect(verifyTimestampedSignature({ ...base, now: at(-301) })).toEqual({
      ok: false,
      failure: 'stale_timestamp',
    });
  });

  it('refuses a tampered body, a missing header and a header without a timestamp', () => {
    const tampered = Buffer.from(WAVE.body.replace('15000', '150000'));
    expect(verifyTimestampedSignature({ ...base, rawBody: tampered, now: AT_T })).toEqual({
      ok: false,
      failure: 'bad_signature',
    });
    expect(verifyTimestampedSignature({ ...base, header: undefined, now: AT_T })).toEqual({
      ok: false,
      failure: 'missing_signature',
    });
    expect(verifyTimestampedSignature({ ...base, header: `v1=${WAVE.v1}`, now: AT_T })).toEqual({
      ok: false,
      failure: 'missing_signature',
    });
  });

  it('parses repeated values and ignores other schemes', () => {
    expect(parseSignatureHeader('t=1, v1=AB ,v0=cd,v1=ef', 'v1')).toEqual({
      timestamp: '1',
      signatures: ['ab', 'ef'],
    });
  });

  it('compares strings of different lengths without throwing', () => {
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
  });
});
