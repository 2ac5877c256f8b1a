import { describe, expect, it } from 'vitest';
import { domainErrorCodes } from '@ecolage/contracts';
import { errors as english } from './en/errors';
import { errors as french } from './fr/errors';

/** The placeholders of a text: `{{minimum, money}}` → `minimum`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe('the texts of the domain error codes', () => {
  it('cover the catalogue of @ecolage/contracts exactly, in French and in English', () => {
    const codes = [...domainErrorCodes].sort();
    expect(Object.keys(french.errors).sort()).toEqual(codes);
    expect(Object.keys(english.errors).sort()).toEqual(codes);
  });

  it('use the same parameters in both languages, and amounts through the money format', () => {
    for (const code of domainErrorCodes) {
      const fr = french.errors[code];
      const en = english.errors[code];
      expect(placeholders(en), code).toEqual(placeholders(fr));
      for (const amount of ['minimum', 'balance', 'refundable', 'amount']) {
        if (fr.includes(`{{${amount}`)) expect(fr, code).toContain(`{{${amount}, money}}`);
      }
    }
  });
});
