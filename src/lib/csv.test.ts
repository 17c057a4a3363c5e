import { splitList, stripBom, toCsv } from './csv';

test('lists split on commas or pipes, trimmed, empties dropped', () => {
  expect(splitList('Tomato| Basil ,Garlic')).toEqual(['Tomato', 'Basil', 'Garlic']);
  expect(splitList(' a,,| b |')).toEqual(['a', 'b']);
  expect(splitList('')).toEqual([]);
  expect(splitList(undefined)).toEqual([]);
});

test('rows are written as CSV lines, each cell escaped', () => {
  expect(
    toCsv([
      ['h1', 'h2'],
      ['=1+1', 'x,y'],
    ]),
  ).toBe('h1,h2\r\n\'=1+1,"x,y"\r\n');
});

test('a byte order mark is stripped', () => {
  expect(stripBom('\ufeffitemName')).toBe('itemName');
  expect(stripBom('itemName')).toBe('itemName');
});
