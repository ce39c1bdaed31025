import { describe, expect, it } from 'vitest';
import { checkForm, entryLabel, formValues } from './kinds.js';

describe('the reference data form', () => {
  it("refuses bad codes and a missing name with the contract's own messages, field by field", () => {
    expect(checkForm('airports', { icao: 'ab', iata: 'PEK1', nameEn: '  ' })).toEqual({
      ok: false,
      fields: [
        { name: 'icao', errors: ['代码需为 4 位字母或数字'] },
        { name: 'iata', errors: ['代码需为 3 位字母或数字'] },
        { name: 'nameEn', errors: ['请输入英文名'] },
      ],
    });
    expect(checkForm('airports', { nameEn: 'Somewhere' })).toEqual({
      ok: false,
      fields: [{ name: 'icao', errors: ['ICAO 或 IATA 至少填一项'] }],
    });
    expect(checkForm('aircraft-types', { manufacturerEn: 'Boeing', typeName: '', icao: 'B73888' })).toMatchObject({
      ok: false,
      fields: [
        { name: 'typeName', errors: ['请输入机型'] },
        { name: 'icao', errors: ['ICAO 代码需为 2–4 位字母或数字'] },
      ],
    });
  });

  it('sends every field trimmed, an emptied one as "" so an edit can clear it', () => {
    expect(checkForm('airlines', { icao: ' cca ', iata: '', nameZh: ' 中国国际航空 ', nameEn: 'Air China' })).toEqual({
      ok: true,
      body: { icao: 'cca', iata: '', nameZh: '中国国际航空', nameEn: 'Air China', country: '' },
    });
  });

  it('starts an edit from the entry, nulls as empty fields', () => {
    const type = {
      id: 1,
      manufacturerZh: null,
      manufacturerEn: 'Boeing',
      typeName: '737',
      variant: '-800',
      icao: 'B738',
      nameZh: null,
      status: 'available' as const,
    };
    expect(formValues('aircraft-types', type)).toEqual({
      icao: 'B738',
      manufacturerZh: '',
      manufacturerEn: 'Boeing',
      typeName: '737',
      variant: '-800',
    });
    expect(entryLabel('aircraft-types', type)).toBe('Boeing 737-800（B738）');
  });
});
