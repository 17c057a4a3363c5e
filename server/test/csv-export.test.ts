/** The CSV stream: cells, header and BOM, and memory bounded by reading one batch per pull. */
import { cellText, csvStream, type CsvColumn } from '../src/lib/csv-export.js';

test('cells: ISO UTC times, true/false, lists joined with "; ", exact money, empty for null', () => {
  expect(cellText(new Date('2026-11-23T17:05:35.088+02:00'))).toBe('2026-11-23T15:05:35.088Z');
  expect(cellText(true)).toBe('true');
  expect(cellText(false)).toBe('false');
  expect(cellText(['Vegan', 'Halal'])).toBe('Vegan; Halal');
  expect(cellText({ minor: 123456789, currency: 'USD' })).toBe('1234567.89');
  expect(cellText({ minor: 1500, currency: 'JPY' })).toBe('1500');
  expect(cellText(null)).toBe('');
  expect(cellText(6)).toBe('6');
});

const read = async (stream: NodeJS.ReadableStream) => {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
};

test('the file: BOM, header, CRLF rows, quoting and formula escaping of every text cell', async () => {
  type Row = { name: string; note: string };
  const columns: CsvColumn<Row>[] = [
    { title: 'Name', value: (r) => r.name },
    { title: 'Note, long', value: (r) => r.note },
  ];
  async function* batches() {
    yield [{ name: '=HYPERLINK("http://x")', note: 'say "hi"' }];
    yield [];
    yield [
      { name: '+1', note: '-2+3' },
      { name: '-2', note: '-1500.16' },
      { name: '@cmd', note: '\tx' },
      { name: '\rA', note: 'two\nlines' },
      { name: 'Pizza = good', note: '' },
    ];
  }
  const text = await read(csvStream(columns, batches()));
  expect(text).toBe(
    '\ufeffName,"Note, long"\r\n' +
      `"'=HYPERLINK(""http://x"")","say ""hi"""\r\n` +
      "'+1,'-2+3\r\n" +
      '-2,-1500.16\r\n' +
      "'@cmd,'\tx\r\n" +
      `"'\rA","two\nlines"\r\n` +
      'Pizza = good,\r\n',
  );
});

test('constant memory: a batch is read only when the client has taken the ones before', async () => {
  const columns: CsvColumn<number>[] = [{ title: 'N', value: (n) => `${n}`.padEnd(1000, 'x') }];
  let pulled = 0;
  async function* batches() {
    for (let b = 0; b < 1000; b += 1) {
      pulled += 1;
      yield Array.from({ length: 100 }, (_, i) => b * 100 + i);
    }
  }
  const stream = csvStream(columns, batches());
  // A client that takes nothing: the stream stops pulling after a batch or two (100 kB each),
  // instead of reading the 100 MB the source would give.
  stream.pause();
  stream.read(0);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(pulled).toBeLessThanOrEqual(3);
  // Taking it chunk by chunk, the source stays at most a few batches ahead.
  let taken = 0;
  for await (const chunk of stream) {
    taken += 1;
    expect(pulled - taken).toBeLessThanOrEqual(3);
    if (taken === 50) break;
    expect((chunk as Buffer).length).toBeGreaterThan(0);
  }
  // Leaving early (a cancelled download) ends the source: nothing more is read.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(pulled).toBeLessThanOrEqual(53);
});
