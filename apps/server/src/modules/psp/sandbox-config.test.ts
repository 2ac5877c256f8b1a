import { describe, expect, it } from 'vitest';
// The settings `npm start` gives the adapters in demo mode (apps/psp-sandbox/demo-env.mjs).
import { sandboxProviderEnv } from '../../../../psp-sandbox/demo-env.mjs';
import { loadPspConfig } from './config';

describe('demo mode: the sandbox settings configure every provider', () => {
  it('makes the five providers available, pointed at the sandbox', () => {
    const config = loadPspConfig(sandboxProviderEnv('http://127.0.0.1:3100'));
    const configured = Object.entries(config)
      .filter(([, value]) => value && typeof value === 'object' && 'baseUrl' in value)
      .map(([key]) => key)
      .sort();
    expect(configured).toEqual(['fedapay', 'mtn', 'orange', 'paygate', 'wave']);
    // The adapter appends /v1/… itself: a base URL given with FedaPay's /v1 must not double it.
    expect(config.fedapay?.baseUrl).toBe('http://127.0.0.1:3100/fedapay');
  });
});
