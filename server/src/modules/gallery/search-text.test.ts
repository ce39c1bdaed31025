import { describe, expect, it } from 'vitest';
import { documentTokens, queryTokens } from './search-text.js';

describe('gallery search tokens', () => {
  it('indexes words, registrations without hyphens and Chinese singles and pairs', () => {
    const doc = documentTokens(
      ['B-1234', 'A320 Airbus 空客', '国航 中国国际航空 CCA CA', 'ZBAA PEK 北京首都国际机场'],
      ['B-1234'],
    ).split(' ');
    expect(doc).toEqual(
      expect.arrayContaining(['b', '1234', 'b1234', 'a320', 'airbus', '空客', '国航', '首都', '机场', 'zbaa', 'pek', '空']),
    );
    // A designation with hyphens is found as people type it (737-800, 777-300ER).
    expect(documentTokens(['波音 737-800 777-300er'], []).split(' ')).toEqual(expect.arrayContaining(['737800', '777300er']));
  });

  it('reads a registration whole, words as prefixes and Chinese as pairs without place suffixes', () => {
    expect(queryTokens('b-1234')).toEqual([{ text: 'b1234', prefix: true }]);
    expect(queryTokens('Air China')).toEqual([
      { text: 'air', prefix: false },
      { text: 'china', prefix: true },
    ]);
    expect(queryTokens('首都机场').map((t) => t.text)).toEqual(['首都']);
    expect(queryTokens('国航').map((t) => t.text)).toEqual(['国航']);
    expect(queryTokens('中国国际航空').map((t) => t.text)).toEqual(['中国', '国国', '国际']);
    expect(queryTokens('京')).toEqual([{ text: '京', prefix: false }]);
    expect(queryTokens('國航').map((t) => t.text)).toEqual(['国航']);
    expect(queryTokens('737-800')).toEqual([{ text: '737800', prefix: true }]);
    expect(queryTokens("'; drop table --")).toEqual([
      { text: 'drop', prefix: false },
      { text: 'table', prefix: true },
    ]);
  });
});
