import { describe, expect, it } from 'vitest';
import { blocksOf, effectiveModeS, modeSNNumber, modeSOf, modeSProblem, nNumberModeS, stateOfModeS } from './mode-s.js';

describe('N-numbers and their Mode S addresses (the FAA mapping)', () => {
  // The FAA's registry gives each N-number's "Mode S Code (Base 16 / Hex)"; these are its ends and
  // examples published with the mapping's open implementations.
  const published: [string, string][] = [
    ['N1', 'a00001'],
    ['N1A', 'a00002'],
    ['N1AA', 'a00003'],
    ['N12345', 'a061d9'],
    ['N78888', 'aab1cf'],
    ['N86QU', 'abcdef'],
    ['N99999', 'adf7c7'],
  ];
  it.each(published)('%s ↔ %s', (reg, hex) => {
    expect(nNumberModeS(reg)).toBe(hex);
    expect(modeSNNumber(hex)).toBe(reg);
  });

  it('maps every address of the US civil range to one N-number and back', () => {
    const seen = new Set<string>();
    for (let a = 0xa00001; a <= 0xadf7c7; a++) {
      const hex = a.toString(16);
      const reg = modeSNNumber(hex)!;
      if (!/^N[1-9][0-9A-HJ-NP-Z]{0,4}$/.test(reg) || nNumberModeS(reg) !== hex) {
        expect.fail(`${hex} → ${reg} → ${nNumberModeS(reg)}`);
      }
      seen.add(reg);
    }
    expect(seen.size).toBe(0xadf7c7 - 0xa00001 + 1);
  });

  it('refuses what is not an N-number, and addresses outside the civil range', () => {
    for (const reg of ['N0', 'N1I', 'N1O', 'N12ABC', 'N1234AB', 'B-30EE', 'N', 'N123456']) expect(nNumberModeS(reg)).toBeNull();
    for (const hex of ['a00000', 'adf7c8', '780a1b', 'zzzzzz']) expect(modeSNNumber(hex)).toBeNull();
    expect(nNumberModeS('n-123ab')).toBe(nNumberModeS('N123AB'));
  });
});

describe('addresses against the ICAO blocks', () => {
  it('reads the blocks of the Annex 10 table', () => {
    expect(blocksOf('CN')).toEqual([[0x780000, 0x7bffff]]);
    expect(blocksOf('US')).toEqual([[0xa00000, 0xafffff]]);
    expect(blocksOf('HK')).toEqual(blocksOf('CN'));
    expect(blocksOf('VA')).toEqual([]);
    expect(stateOfModeS('780a1b')).toBe('CN');
    expect(stateOfModeS('899012')).toBe('TW');
    expect(stateOfModeS('3c6444')).toBe('DE');
    expect(stateOfModeS('f00000')).toBeNull();
  });

  it('takes a typed address in any spelling, and refuses one that is not six hex digits', () => {
    expect(modeSOf(' 780A1B ')).toBe('780a1b');
    expect(modeSOf('0x780a1b')).toBe('780a1b');
    for (const bad of ['780a1', '780a1bc', 'g80a1b', '000000', '', 'x'.repeat(500)]) expect(modeSOf(bad)).toBeNull();
  });

  it('checks an address against the state of the registration', () => {
    expect(modeSProblem('780a1b', 'B-30EE')).toBeNull();
    expect(modeSProblem('789123', 'B-HNR')).toBeNull();
    expect(modeSProblem('899012', 'B-18908')).toBeNull();
    expect(modeSProblem('3c6444', 'D-AIMA')).toBeNull();
    expect(modeSProblem('a061d9', 'N12345')).toBeNull();
    expect(modeSProblem('a00001', 'B-30EE')).toBe('中国的 Mode S 代码在 780000–7BFFFF 之间，A00001 不在其中');
    expect(modeSProblem('780a1b', 'B-18908')).toBe('中国台湾的 Mode S 代码在 899000–8997FF 之间，780A1B 不在其中');
    expect(modeSProblem('a00001', 'N12345')).toBe('美国注册号的 Mode S 代码由注册号算出：N12345 是 A061D9');
    expect(modeSProblem('780a1', 'B-30EE')).toMatch(/6 位十六进制/);
    // No state to check against: a military serial, a mark with no block.
    expect(modeSProblem('780a1b', '20045')).toBeNull();
    expect(modeSProblem('780a1b', null)).toBeNull();
  });

  it('shows an N-number’s own address when none is given', () => {
    expect(effectiveModeS(null, 'N12345')).toBe('a061d9');
    expect(effectiveModeS('780a1b', 'B-30EE')).toBe('780a1b');
    expect(effectiveModeS(null, 'B-30EE')).toBeNull();
    // Re-registered in the US: the N-number's own address, not the one kept from abroad.
    expect(effectiveModeS('780a1b', 'N12345')).toBe('a061d9');
  });
});
