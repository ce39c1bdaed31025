import { describe, expect, it } from 'vitest';
import { registrationHint } from './registrations.js';

describe('registration hints', () => {
  it('offers the likely spelling of a registration typed without its hyphen or with a wrong one', () => {
    expect(registrationHint('B30EE')).toEqual({
      message: '中国注册号的格式是 B- 加 4 位字母或数字，可能是 B-30EE',
      likely: 'B-30EE',
    });
    expect(registrationHint('b 30ee')?.likely).toBe('B-30EE');
    expect(registrationHint('BHLA')?.likely).toBe('B-HLA');
    expect(registrationHint('B18901')?.likely).toBe('B-18901');
    expect(registrationHint('JA-873A')).toEqual({
      message: '日本注册号的格式是 JA 加 4 位，不带连字符，可能是 JA873A',
      likely: 'JA873A',
    });
    expect(registrationHint('HL-7782')?.likely).toBe('HL7782');
    expect(registrationHint('9VSKA')?.likely).toBe('9V-SKA');
    expect(registrationHint('GXLEA')?.likely).toBe('G-XLEA');
  });

  it('is silent for a registration written as its country writes it, and for one it does not know', () => {
    for (const ok of [
      'B-30EE',
      'B-1234',
      'B-HLA',
      'B-MAC',
      'B-18901',
      'JA873A',
      'HL7782',
      'N12345',
      '9V-SKA',
      'G-XLEA',
      'RA-89001',
    ])
      expect(registrationHint(ok), ok).toBeNull();
    for (const unknown of ['', '   ', 'ZS-SXA', '4X-EKA', 'X'.repeat(200)]) expect(registrationHint(unknown), unknown).toBeNull();
  });

  it('says the Chinese format for a B- registration that fits none', () => {
    expect(registrationHint('B-123')).toEqual({
      message: '中国注册号的格式是 B- 加 4 位字母或数字（如 B-30EE），请核对',
      likely: null,
    });
    expect(registrationHint('B-12AB5')?.likely).toBeNull();
  });
});
