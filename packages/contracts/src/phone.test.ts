import { describe, expect, it } from 'vitest';
import { formatPhone, formatPhoneNational, toE164 } from './phone';

describe('phone formats', () => {
  it('reads a Togolese number typed any usual way', () => {
    expect(toE164('90 12 34 56')).toBe('+22890123456');
    expect(toE164('0022890123456')).toBe('+22890123456');
    expect(toE164('12')).toBeNull();
  });

  it('writes a number in its country’s national format for a reader of that country', () => {
    expect(formatPhone('+22890123456')).toBe('+228 90 12 34 56');
    expect(formatPhoneNational('+22890123456')).toBe('90 12 34 56');
    expect(formatPhoneNational('+22890123456', 'TG')).toBe('90 12 34 56');
    expect(formatPhoneNational('+2290197123456', 'TG')).toBe('+229 01 97 12 34 56');
    expect(formatPhoneNational('+2290197123456', 'BJ')).toBe('01 97 12 34 56');
    expect(formatPhoneNational('not a phone')).toBe('not a phone');
  });
});
