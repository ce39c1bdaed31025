import { describe, expect, it } from 'vitest';
import { suggestionFromTyped } from './suggest-reference-dialog.js';

describe('a suggestion from what was typed', () => {
  it('puts codes, Chinese and English names in their fields', () => {
    expect(suggestionFromTyped('airports', 'zspd')).toEqual({ icao: 'ZSPD' });
    expect(suggestionFromTyped('airports', 'pvg')).toEqual({ iata: 'PVG' });
    expect(suggestionFromTyped('airports', '  浦东 ')).toEqual({ nameZh: '浦东' });
    expect(suggestionFromTyped('airports', 'Test Strip')).toEqual({ nameEn: 'Test Strip' });
    expect(suggestionFromTyped('airlines', 'cca')).toEqual({ icao: 'CCA' });
    expect(suggestionFromTyped('airlines', 'MU')).toEqual({ iata: 'MU' });
    expect(suggestionFromTyped('aircraft-types', 'B38M')).toEqual({ icao: 'B38M' });
    expect(suggestionFromTyped('aircraft-types', 'Dash 8')).toEqual({ typeName: 'Dash 8' });
    expect(suggestionFromTyped('airports', '   ')).toEqual({});
  });
});
