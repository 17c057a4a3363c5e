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
  let taken = 0;
  // How far the reading ran ahead of the client, measured as each batch is asked for: reading
  // ahead is caught whenever it happens, not only if it happens before a given moment.
  let mostAhead = 0;
  let sourceClosed!: () => void;
  const closed = new Promise<void>((resolve) => (sourceClosed = resolve));
  async function* batches() {
    try {
      for (let b = 0; b < 1000; b += 1) {
        pulled += 1;
        mostAhead = Math.max(mostAhead, pulled - taken);
        yield Array.from({ length: 100 }, (_, i) => b * 100 + i);
      }
    } finally {
      sourceClosed();
    }
  }
  const stream = csvStream(columns, batches());
  // Taking it chunk by chunk (100 kB each), the source stays at most a few batches ahead,
  // instead of reading the 100 MB it would give.
  for await (const chunk of stream) {
    taken += 1;
    expect((chunk as Buffer).length).toBeGreaterThan(0);
    if (taken === 50) break;
  }
  // Leaving early (a cancelled download) ends the source: once it is closed, nothing more is read.
  await closed;
  expect(mostAhead).toBeLessThanOrEqual(3);
  expect(pulled).toBeLessThanOrEqual(53);
});
