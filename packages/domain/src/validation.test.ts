import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import {
  EMAIL_PATTERN,
  emailError,
  firstError,
  isBlank,
  RULE_MESSAGES,
  RULE_NAMES,
  RULES,
  type RuleName,
  withRules,
} from './validation.ts';

const BLANKS = [undefined, null, '', '   ', Number.NaN];

const passes = (rule: RuleName, value: unknown) => RULES[rule](value);

describe('the twelve generic messages', () => {
  it('are the exact texts of the spec, one per rule', () => {
    expect(RULE_NAMES).toHaveLength(12);
    expect(RULE_NAMES.map((r) => RULE_MESSAGES[r])).toEqual([
      'Required field.',
      'Requires a number.',
      'Decimals are disallowed.',
      'Zero is disallowed.',
      'Only negative numbers.',
      'Only numbers allowed.',
      'Only positive numbers.',
      'Must be a valid url.',
      'Only zero & negative numbers.',
      'Only zero & positive numbers.',
      'Only one character allowed.',
      'Maximum of 100%.',
    ]);
  });

  it('let a blank value through every rule except "Required field."', () => {
    for (const rule of RULE_NAMES) {
      for (const blank of BLANKS)
        expect(passes(rule, blank), `${rule} ${String(blank)}`).toBe(rule !== 'required');
    }
  });
});

describe('"Required field."', () => {
  it.each([[0], ['0'], [0n], [-0], ['a'], [' a '], [true], [['x']], [{}], [12.5]])(
    'counts %o as filled',
    (v) => {
      expect(passes('required', v)).toBe(true);
    },
  );
  it.each([[undefined], [null], [''], ['   '], ['\t\n'], [[]], [false], [Number.NaN]])('refuses %o', (v) => {
    expect(passes('required', v)).toBe(false);
  });
});

describe('"Requires a number."', () => {
  it.each([['Main Street 12'], ['12 Main St'], ['Unit 4B'], ['1'], [7], ['RR 2']])('accepts %o', (v) => {
    expect(passes('requiresNumber', v)).toBe(true);
  });
  it.each([['Main Street'], ['Rue Sainte-Catherine'], ['-'], ['one'], [true], [{}]])('refuses %o', (v) => {
    expect(passes('requiresNumber', v)).toBe(false);
  });
});

describe('"Only numbers allowed."', () => {
  it.each([['12'], ['-3.50'], ['+7'], ['.5'], ['5.'], [' 42 '], ['007'], [0], [-1.5], [10n], ['0.0']])(
    'accepts %o',
    (v) => {
      expect(passes('onlyNumbers', v)).toBe(true);
    },
  );
  it.each([
    ['abc'],
    ['12a'],
    ['1,5'],
    ['1,000'],
    ['1e3'],
    ['0x10'],
    ['--1'],
    ['.'],
    ['+'],
    ['1 000'],
    [Number.POSITIVE_INFINITY],
    [true],
    [{}],
  ])('refuses %o', (v) => {
    expect(passes('onlyNumbers', v)).toBe(false);
  });
});

describe('"Decimals are disallowed."', () => {
  it.each([['12'], ['12.0'], ['12.'], ['-3'], [4], [4.0], [10n], ['abc']])('accepts %o', (v) => {
    expect(passes('decimalsDisallowed', v)).toBe(true);
  });
  it.each([['12.5'], ['-0.01'], ['.5'], [1.5], ['100.0000000000000001']])('refuses %o', (v) => {
    expect(passes('decimalsDisallowed', v)).toBe(false);
  });
});

describe('"Zero is disallowed."', () => {
  it.each([['1'], ['-1'], ['0.01'], [3], ['abc'], [1n]])('accepts %o', (v) => {
    expect(passes('zeroDisallowed', v)).toBe(true);
  });
  it.each([[0], [-0], ['0'], ['0.00'], ['-0'], ['+0.0'], ['.0'], [0n], ['000']])('refuses %o', (v) => {
    expect(passes('zeroDisallowed', v)).toBe(false);
  });
});

describe('the sign rules', () => {
  const cases: Array<[unknown, RuleName[]]> = [
    // value, the sign rules it passes
    [-5, ['onlyNegative', 'onlyZeroOrNegative']],
    ['-0.01', ['onlyNegative', 'onlyZeroOrNegative']],
    [-1n, ['onlyNegative', 'onlyZeroOrNegative']],
    [0, ['onlyZeroOrNegative', 'onlyZeroOrPositive']],
    ['0.00', ['onlyZeroOrNegative', 'onlyZeroOrPositive']],
    ['-0', ['onlyZeroOrNegative', 'onlyZeroOrPositive']],
    [3, ['onlyPositive', 'onlyZeroOrPositive']],
    ['0.001', ['onlyPositive', 'onlyZeroOrPositive']],
    ['+12', ['onlyPositive', 'onlyZeroOrPositive']],
    ['abc', []],
    ['1,5', []],
    [true, []],
  ];
  const SIGN_RULES: RuleName[] = ['onlyNegative', 'onlyPositive', 'onlyZeroOrNegative', 'onlyZeroOrPositive'];
  it.each(cases)('%o passes exactly %o', (value, passing) => {
    expect(SIGN_RULES.filter((r) => passes(r, value))).toEqual(SIGN_RULES.filter((r) => passing.includes(r)));
  });
  it('agree with the sign of any decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.nat(99), (int, cents) => {
        const text = `${int < 0 ? '-' : ''}${Math.abs(int)}.${String(cents).padStart(2, '0')}`;
        const sign = int === 0 && cents === 0 ? 0 : int < 0 || (int === 0 && text.startsWith('-')) ? -1 : 1;
        return (
          passes('onlyPositive', text) === (sign === 1) &&
          passes('onlyNegative', text) === (sign === -1) &&
          passes('onlyZeroOrPositive', text) === sign >= 0 &&
          passes('onlyZeroOrNegative', text) === sign <= 0 &&
          passes('zeroDisallowed', text) === (sign !== 0) &&
          passes('decimalsDisallowed', text) === (cents === 0)
        );
      }),
    );
  });
});

describe('"Must be a valid url."', () => {
  it.each([
    [''],
    [null],
    [undefined],
    ['http://example.com'],
    ['https://example.com/path?q=1#x'],
    ['HTTPS://EXAMPLE.COM'],
    ['http://localhost:3000'],
    [' https://shop.example.ca '],
  ])('accepts %o', (v) => {
    expect(passes('validUrl', v)).toBe(true);
  });
  it.each([
    ['example.com'],
    ['ftp://example.com'],
    ['mailto:a@b.ca'],
    ['javascript:alert(1)'],
    ['http://'],
    ['https://exa mple.com'],
    ['file:///etc/passwd'],
    [42],
  ])('refuses %o', (v) => {
    expect(passes('validUrl', v)).toBe(false);
  });
});

describe('"Only one character allowed."', () => {
  it.each([['a'], ['é'], ['e\u0301'], ['👍🏽'], ['7'], [7], ['🇨🇦']])('accepts %o', (v) => {
    expect(passes('onlyOneCharacter', v)).toBe(true);
  });
  it.each([['ab'], ['12'], [12], ['a '], ['👍👍'], [{}]])('refuses %o', (v) => {
    expect(passes('onlyOneCharacter', v)).toBe(false);
  });
});

describe('"Maximum of 100%."', () => {
  it.each([['100'], ['100.00'], [100], ['99.999'], ['0'], ['-500'], ['abc'], [100n], ['007']])(
    'accepts %o',
    (v) => {
      expect(passes('maxHundredPercent', v)).toBe(true);
    },
  );
  it.each([['100.01'], ['101'], [100.5], ['1000'], ['100.0000000000000001'], [101n]])('refuses %o', (v) => {
    expect(passes('maxHundredPercent', v)).toBe(false);
  });
  it('is exact for any decimal around 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.nat(9999), (int, frac) => {
        const text = `${int}.${String(frac).padStart(4, '0')}`;
        return passes('maxHundredPercent', text) === (int < 100 || (int === 100 && frac === 0));
      }),
    );
  });
});

describe('firstError and withRules', () => {
  it('names the first failing rule in the order given', () => {
    expect(firstError('', ['required', 'onlyNumbers'])).toBe('Required field.');
    expect(firstError('abc', ['required', 'onlyNumbers', 'onlyPositive'])).toBe('Only numbers allowed.');
    expect(firstError('-3', ['required', 'onlyNumbers', 'onlyPositive'])).toBe('Only positive numbers.');
    expect(firstError('150', ['onlyZeroOrPositive', 'maxHundredPercent'])).toBe('Maximum of 100%.');
    expect(firstError('50', ['onlyZeroOrPositive', 'maxHundredPercent'])).toBeUndefined();
    expect(firstError('', ['onlyNumbers'])).toBeUndefined();
  });

  it('adds the rules to a schema, reporting one message', () => {
    const percent = withRules(z.string().trim(), 'required', 'onlyNumbers', 'maxHundredPercent');
    expect(percent.parse(' 19 ')).toBe('19');
    const r = percent.safeParse('120');
    expect(r.error?.issues).toEqual([expect.objectContaining({ message: 'Maximum of 100%.', path: [] })]);
    expect(percent.safeParse('  ').error?.issues[0]?.message).toBe('Required field.');
  });

  it('reports the field path inside an object', () => {
    const form = z.object({ quantity: withRules(z.number(), 'decimalsDisallowed', 'zeroDisallowed') });
    const r = form.safeParse({ quantity: 0 });
    expect(r.error?.issues[0]).toMatchObject({ path: ['quantity'], message: 'Zero is disallowed.' });
  });

  it('works on nullable fields', () => {
    const url = withRules(z.string().nullable(), 'validUrl');
    expect(url.parse(null)).toBeNull();
    expect(url.safeParse('nope').error?.issues[0]?.message).toBe('Must be a valid url.');
  });

  it('treats isBlank as the common notion of empty', () => {
    for (const b of BLANKS) expect(isBlank(b)).toBe(true);
    for (const v of [0, '0', false, [], 'x']) expect(isBlank(v)).toBe(false);
  });
});

describe('email rules', () => {
  it.each([['ann@example.com'], ['a.b+c@mail.example.co.uk'], ['x@y.z'], ['émile@exemple.ca']])(
    'accepts %o',
    (v) => {
      expect(emailError(v)).toBeUndefined();
    },
  );
  it.each([
    ['ann@example'],
    ['ann.example.com'],
    ['@example.com'],
    ['ann@.com'],
    ['ann@example.'],
    ['a@b@c.de'],
  ])('refuses %o with "Email must be valid."', (v) => {
    expect(emailError(v)).toBe(MESSAGES.emailInvalid);
  });
  it.each([['ann @example.com'], ['ann@exa mple.com'], ['ann@example.com\t'], ['a\u00a0b@c.de']])(
    'refuses %o with "Email should not contain whitespace."',
    (v) => {
      expect(emailError(v)).toBe(MESSAGES.emailWhitespace);
    },
  );
  it('passes a blank email (the required rule decides)', () => {
    expect(emailError('')).toBeUndefined();
    expect(emailError(null)).toBeUndefined();
  });
  it('accepts text@text.text for any whitespace-free, @-free parts', () => {
    const part = fc.stringMatching(/^[^\s@.]+$/);
    fc.assert(fc.property(part, part, part, (a, b, c) => EMAIL_PATTERN.test(`${a}@${b}.${c}`)));
  });
});
