import {
  clearListView,
  paramName,
  parsePage,
  readListView,
  SEARCH_MAX_LENGTH,
  writeFilter,
  writePage,
  writeSearch,
  type ListUrl,
} from './list-url';

type F = 'status' | 'rating';
const plain: ListUrl<F> = { filters: ['status', 'rating'], prefix: '' };
const recent: ListUrl<'status'> = { filters: ['status'], prefix: 'recent' };
const q = (text: string) => new URLSearchParams(text);

describe('list URL codec', () => {
  it('names parameters, with a prefix in camel case', () => {
    expect(paramName('', 'page')).toBe('page');
    expect(paramName('recent', 'page')).toBe('recentPage');
    expect(paramName('recent', 'isFeatured')).toBe('recentIsFeatured');
  });

  it('reads a page: whole numbers above 1, anything else is page 1', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('1')).toBe(1);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
  });

  it('reads search (trimmed), page and filters; other parameters are not its business', () => {
    expect(readListView(q('search=%20ann%20&page=3&status=active&other=x'), plain)).toEqual({
      search: 'ann',
      page: 3,
      filters: { status: 'active', rating: undefined },
    });
    expect(readListView(q(''), plain)).toEqual({
      search: '',
      page: 1,
      filters: { status: undefined, rating: undefined },
    });
  });

  it('treats a filter value its rule refuses, or an empty one, as unset', () => {
    const url: ListUrl<F> = {
      ...plain,
      accept: { status: ['active', 'inactive'], rating: (value) => /^[1-5]$/.test(value) },
    };
    expect(readListView(q('status=bogus&rating=4'), url).filters).toEqual({
      status: undefined,
      rating: '4',
    });
    expect(readListView(q('status=active&rating=9'), url).filters).toEqual({
      status: 'active',
      rating: undefined,
    });
    expect(readListView(q('status=&rating='), plain).filters).toEqual({
      status: undefined,
      rating: undefined,
    });
  });

  it('reads only its own prefixed parameters', () => {
    expect(readListView(q('recentSearch=x&recentPage=2&recentStatus=paid&page=9'), recent)).toEqual(
      { search: 'x', page: 2, filters: { status: 'paid' } },
    );
  });

  it('search text is cut to the contract maxLength, read or written', async () => {
    const { loadContract } = await import('../../../openapi/tools/load-contract');
    const contract = (await loadContract()) as unknown as {
      components: { parameters: Record<string, { schema: { maxLength: number } }> };
    };
    // The lists' search parameters (the Audit Log's has its own description).
    for (const name of ['Search', 'AuditSearch']) {
      expect(contract.components.parameters[name].schema.maxLength).toBe(SEARCH_MAX_LENGTH);
    }
    const long = `  ${'a'.repeat(SEARCH_MAX_LENGTH)}b `;
    expect(readListView(q(`search=${long}`), plain).search).toBe('a'.repeat(SEARCH_MAX_LENGTH));
    expect(writeSearch(q(''), plain, long).get('search')).toBe('a'.repeat(SEARCH_MAX_LENGTH));
  });

  it('writes search trimmed, back to page 1 only when it changes, without touching the input', () => {
    const before = q('page=4&status=active');
    const after = writeSearch(before, plain, ' bo ');
    expect(after.toString()).toBe('status=active&search=bo');
    expect(before.toString()).toBe('page=4&status=active');
    expect(writeSearch(q('search=ann&page=2'), plain, 'ann ').toString()).toBe('search=ann&page=2');
    expect(writeSearch(q('search=ann&page=2'), plain, '   ').toString()).toBe('');
    expect(writeSearch(q('search=&page=2'), plain, ' ').toString()).toBe('page=2');
    // No search before and none typed: the same list, the page stays.
    expect(writeSearch(q('page=2'), plain, '').toString()).toBe('page=2');
    expect(writeSearch(q('recentPage=2&page=3'), recent, 'x').toString()).toBe(
      'page=3&recentSearch=x',
    );
  });

  it('writes a filter, back to page 1 only when it changes; undefined or empty clears it', () => {
    expect(writeFilter(q('page=3&restaurant=r1'), plain, 'status', 'inactive').toString()).toBe(
      'restaurant=r1&status=inactive',
    );
    expect(writeFilter(q('page=3&status=a'), plain, 'status', 'a').toString()).toBe(
      'page=3&status=a',
    );
    expect(writeFilter(q('page=3&status=a'), plain, 'status', undefined).toString()).toBe('');
    expect(writeFilter(q('page=3&status=a'), plain, 'status', '').toString()).toBe('');
    expect(writeFilter(q('page=3'), plain, 'status', undefined).toString()).toBe('page=3');
    expect(writeFilter(q('recentPage=2'), recent, 'status', 'paid').toString()).toBe(
      'recentStatus=paid',
    );
  });

  it('writes a page; page 1 or a non-page is the bare URL', () => {
    expect(writePage(q('search=x'), plain, 2).toString()).toBe('search=x&page=2');
    expect(writePage(q('page=2'), plain, 1).toString()).toBe('');
    expect(writePage(q('page=2'), plain, 0).toString()).toBe('');
    expect(writePage(q('page=2'), plain, 2.5).toString()).toBe('');
    expect(writePage(q(''), recent, 3).toString()).toBe('recentPage=3');
  });

  it('clears search, filters and page and keeps the rest', () => {
    expect(
      clearListView(q('search=a&status=active&rating=4&page=2&restaurant=r1'), plain).toString(),
    ).toBe('restaurant=r1');
    expect(clearListView(q('recentSearch=a&recentStatus=p&status=x'), recent).toString()).toBe(
      'status=x',
    );
  });
});
