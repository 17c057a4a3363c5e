import { csvRecordCounter } from './csv-rows';

test('counts records across pieces, not the line breaks inside quoted cells', () => {
  const counter = csvRecordCounter();
  expect(counter.add('\ufeffName,Note\r\n')).toBe(1);
  expect(counter.add('a,"two\r\nlines')).toBe(1);
  expect(counter.add('"\r\nb,"say ""hi"""\r')).toBe(2);
  expect(counter.add('\nc,\r\n')).toBe(4);
});
