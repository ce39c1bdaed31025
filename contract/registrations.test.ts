import { describe, expect, it } from 'vitest';
import { formatRegistration, registrationCountry, registrationHint } from './registrations.js';

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
      message: '日本注册号的格式是 JA 加 4 位，以数字开头，不带连字符，可能是 JA873A',
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
    for (const other of ['', '   ', 'ZS-SXA', '4X-EKA', 'A9C-FAB', 'X'.repeat(200), '20045'])
      expect(registrationHint(other), other).toBeNull();
  });

  it('writes a registration as its country does, and names the country', () => {
    expect(formatRegistration('b30ee')).toBe('B-30EE');
    expect(formatRegistration('n123ab')).toBe('N123AB');
    expect(formatRegistration('ja-873a')).toBe('JA873A');
    expect(formatRegistration('9vska')).toBe('9V-SKA');
    expect(formatRegistration('cnroa')).toBe('CN-ROA');
    expect(formatRegistration('cftjp')).toBe('C-FTJP');
    expect(formatRegistration('B30E')).toBeNull();
    // Military serials are left as typed, not read as another country's registration.
    for (const serial of ['ZA147', 'J-5011', 'J-3074', '20045']) expect(formatRegistration(serial), serial).toBeNull();
    expect(registrationCountry('B-30EE')).toEqual({ country: '中国', iso: 'CN' });
    expect(registrationCountry('B-HLA')?.country).toBe('中国香港');
    expect(registrationCountry('B-MAC')?.country).toBe('中国澳门');
    expect(registrationCountry('B-18901')?.country).toBe('中国台湾');
    expect(registrationCountry('D-AIMA')?.country).toBe('德国');
    expect(registrationCountry('20045')).toBeNull();
  });

  it('says when a registration fits no format at all', () => {
    expect(registrationHint('QQ-ABC')).toEqual({
      message: '不像任何国家或地区的注册号格式，请核对（军机编号可照实填写）',
      likely: null,
    });
  });

  it('says the Chinese format for a B- registration that fits none', () => {
    expect(registrationHint('B30E')?.message).toBe('中国注册号的格式是 B- 加 4 位字母或数字（如 B-30EE），请核对');
    expect(registrationHint('B-123')).toEqual({
      message: '中国注册号的格式是 B- 加 4 位字母或数字（如 B-30EE），请核对',
      likely: null,
    });
    expect(registrationHint('B-12AB5')?.likely).toBeNull();
  });
});
