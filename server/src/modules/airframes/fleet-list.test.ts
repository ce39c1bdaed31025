import { describe, expect, it } from 'vitest';
import { csvRecords, fleetLines } from './fleet-list.js';

// Issue 39: a fleet list's CSV as spreadsheets write it.
describe('reading a fleet list', () => {
  it('reads quotes, commas and line breaks inside them, CRLF and spaces before a quote', () => {
    expect(csvRecords('a,"b, c",d\r\n"e ""f""", "g"\n\n"h\ni",j')).toEqual([
      { line: 1, fields: ['a', 'b, c', 'd'] },
      { line: 2, fields: ['e "f"', 'g'] },
      { line: 4, fields: ['h\ni', 'j'] },
    ]);
  });

  it('skips a header in English or Chinese, and says what is wrong with a line', () => {
    const lines = fleetLines(
      '注册号,MSN,机型,Mode S,航司,状态\nb30ee,1234,a359,780a1b,cca,封存\nNO-REG,1,A320,,,\nB-30EF,,,A00001,,\nB-30EG,,,,,flying',
    );
    expect(lines.map((l) => [l.line, l.registration, l.problem])).toEqual([
      [2, 'B-30EE', null],
      [3, 'NO-REG', '注册号只能包含字母、数字和连字符（1–15 位）'],
      [4, 'B-30EF', '中国的 Mode S 代码在 780000–7BFFFF 之间，A00001 不在其中'],
      [5, 'B-30EG', '状态应为 在役、封存、退役、已损毁注销（或 active、stored、retired、written_off）'],
    ]);
    expect(lines[0]).toMatchObject({ msn: '1234', typeIcao: 'A359', modeS: '780a1b', airlineIcao: 'CCA', status: 'stored' });
  });

  it('refuses an unclosed quote and a list with nothing in it', () => {
    expect(() => fleetLines('B-1,"2')).toThrow('第 1 行：引号没有闭合');
    expect(() => fleetLines('registration\n\n')).toThrow(/没有可导入的行/);
  });
});
