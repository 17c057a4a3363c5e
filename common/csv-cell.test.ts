import { csvField, escapeFormula } from './csv-cell';

test('cells that a spreadsheet would run as formulas are escaped', () => {
  expect(escapeFormula('=SUM(A1)')).toBe("'=SUM(A1)");
  expect(escapeFormula('+1')).toBe("'+1");
  expect(escapeFormula('-2+3')).toBe("'-2+3");
  expect(escapeFormula('-cmd|x')).toBe("'-cmd|x");
  expect(escapeFormula('-5.')).toBe("'-5.");
  expect(escapeFormula('-1e3')).toBe("'-1e3");
  expect(escapeFormula('@cmd')).toBe("'@cmd");
  expect(escapeFormula('\tx')).toBe("'\tx");
  expect(escapeFormula('Pizza = good')).toBe('Pizza = good');
});

test('a negative number is a number, not a formula: money columns keep their sign', () => {
  expect(escapeFormula('-5')).toBe('-5');
  expect(escapeFormula('-1500.16')).toBe('-1500.16');
});

test('fields with commas, quotes or line breaks are quoted, quotes doubled', () => {
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"')).toBe('"say ""hi"""');
  expect(csvField('two\nlines')).toBe('"two\nlines"');
  expect(csvField('plain')).toBe('plain');
});
