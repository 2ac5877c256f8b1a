import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  groupByFour,
  isValidBic,
  isValidIban,
  maskAccountNumber,
  normaliseBankText,
  ribKey,
  ribProblem,
} from './bank-account';

/** The IBAN registry's examples of the UEMOA countries (SWIFT, ISO 13616): BBAN = the RIB. */
const registryIbans = [
  'TG53TG0090604310346500400070',
  'BJ66BJ0610100100144390000769',
  'CI93CI0080111301134291200589',
  'SN08SN0100152000048500003035',
  'BF42BF0840101300463574000390',
  'ML13ML0160120102600100668497',
  'NE58NE0380100100130305000268',
];

describe('UEMOA RIB', () => {
  it('accepts the RIB inside each registry IBAN (key checked)', () => {
    for (const iban of registryIbans) expect(ribProblem(iban.slice(4))).toBeNull();
  });

  it('reads a RIB typed with spaces, dashes and lower case', () => {
    expect(ribProblem('tg009 06043 103465004000 70')).toBeNull();
    expect(ribProblem('TG009-06043-103465004000-70')).toBeNull();
    expect(normaliseBankText(' tg009 06043 ')).toBe('TG00906043');
  });

  it('refuses a wrong key', () => {
    expect(ribProblem('TG0090604310346500400071')).toBe('key');
    expect(ribProblem('TG0090604310346500400007')).toBe('key');
  });

  it('refuses a wrong shape', () => {
    expect(ribProblem('TG00906043103465004000')).toBe('format'); // 22 characters
    expect(ribProblem('TG009060431034650040000700')).toBe('format'); // 26
    expect(ribProblem('TGA090604310346500400070')).toBe('format'); // a letter in the bank's digits
    expect(ribProblem('TG00906043103465004A0070')).toBe('format'); // a letter in the account
    expect(ribProblem('')).toBe('format');
  });

  it('computes the key of the registry samples', () => {
    expect(ribKey('TG00906043103465004000')).toBe('70');
    expect(ribKey('SN01001520000485000030')).toBe('35');
  });

  const bankCode = fc
    .tuple(
      fc.constantFrom('TG', 'BJ', 'CI', 'SN', 'BF', 'ML', 'NE', 'GW'),
      fc.stringMatching(/^\d{3}$/),
    )
    .map(([country, digits]) => country + digits);
  const body = fc
    .tuple(bankCode, fc.stringMatching(/^\d{5}$/), fc.stringMatching(/^\d{12}$/))
    .map((parts) => parts.join(''));

  it('property: the computed key is accepted, every other key refused', () => {
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 99 }), (first22, other) => {
        const key = ribKey(first22);
        expect(ribProblem(first22 + key)).toBeNull();
        const wrong = String(other).padStart(2, '0');
        if (wrong !== key) expect(ribProblem(first22 + wrong)).toBe('key');
      }),
    );
  });

  it('refuses the keys 00, 98 and 99, which the modulo alone would take for 97, 01 and 02', () => {
    const first22 = registryIbans[0]!.slice(4, 26);
    const key = ribKey(first22);
    expect(ribProblem(first22 + key)).toBeNull();
    for (const wrong of ['00', '98', '99']) expect(ribProblem(first22 + wrong)).toBe('key');
  });

  it('property: one changed digit of the account is caught by the key', () => {
    fc.assert(
      fc.property(
        body,
        fc.integer({ min: 10, max: 21 }),
        fc.integer({ min: 1, max: 9 }),
        (b, at, d) => {
          const rib = b + ribKey(b);
          const digit = (Number(rib[at]) + d) % 10;
          const changed = rib.slice(0, at) + String(digit) + rib.slice(at + 1);
          expect(ribProblem(changed)).toBe('key');
        },
      ),
    );
  });
});

describe('IBAN', () => {
  it('accepts the registry samples, grouped or not', () => {
    for (const iban of registryIbans) {
      expect(isValidIban(iban)).toBe(true);
      expect(isValidIban(groupByFour(iban).toLowerCase())).toBe(true);
    }
    expect(isValidIban('FR1420041010050500013M02606')).toBe(true);
  });

  it('refuses wrong check digits, a changed character, a wrong length', () => {
    expect(isValidIban('TG54TG0090604310346500400070')).toBe(false);
    expect(isValidIban('TG53TG0090604310346500400071')).toBe(false);
    expect(isValidIban('TG53TG009060431034650040007')).toBe(false);
    expect(isValidIban('TG')).toBe(false);
    expect(isValidIban('1234')).toBe(false);
  });

  it('property: swapping two different adjacent digits is caught', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...registryIbans),
        fc.integer({ min: 6, max: 26 }),
        (iban, at) => {
          const a = iban[at] ?? '';
          const b = iban[at + 1] ?? '';
          if (a === b || !/\d/.test(a) || !/\d/.test(b)) return;
          expect(isValidIban(iban.slice(0, at) + b + a + iban.slice(at + 2))).toBe(false);
        },
      ),
    );
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 characters of the ISO 9362 shape', () => {
    expect(isValidBic('ECOCTGTG')).toBe(true);
    expect(isValidBic('ecoctgtgxxx')).toBe(true);
    expect(isValidBic('SGBFBFBF')).toBe(true);
    expect(isValidBic('BNPA FR PP XXX')).toBe(true);
  });

  it('refuses other shapes', () => {
    expect(isValidBic('ECOCTGT')).toBe(false);
    expect(isValidBic('ECOCTGTGXX')).toBe(false);
    expect(isValidBic('EC0CTGTG')).toBe(false); // a digit in the bank's letters
    expect(isValidBic('ECOC12TG')).toBe(false); // digits for the country
    expect(isValidBic('')).toBe(false);
  });
});

describe('masking', () => {
  it('keeps the last four characters', () => {
    expect(maskAccountNumber('TG0090604310346500400070')).toBe('•••• 0070');
    expect(maskAccountNumber(null)).toBeNull();
  });
});
