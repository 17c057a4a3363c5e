import { applyView, sameFilters, viewFilters } from './saved-views-url';

test('viewFilters keeps the non-empty, trimmed values of the named parameters', () => {
  expect(
    viewFilters({ search: ' ab ', status: '', rating: '4', other: 'x', empty: undefined }, [
      'search',
      'status',
      'rating',
      'empty',
    ]),
  ).toEqual({ search: 'ab', rating: '4' });
});

test('sameFilters compares keys and values', () => {
  expect(sameFilters({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
  expect(sameFilters({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  expect(sameFilters({ a: '1' }, { a: '2' })).toBe(false);
  expect(sameFilters({}, {})).toBe(true);
});

test('applyView sets the view, clears its other parameters, the page and view; keeps the rest', () => {
  const params = new URLSearchParams('view=v1&page=3&status=approved&search=old&booking=b1');
  const next = applyView(params, { names: ['status', 'rating'], prefix: '' }, { rating: '2' });
  expect(Object.fromEntries(next)).toEqual({ booking: 'b1', rating: '2' });
  // The input is left alone.
  expect(params.get('view')).toBe('v1');
});

test('applyView writes under the list prefix', () => {
  const params = new URLSearchParams('recentPage=2&recentStatus=x&status=y');
  const next = applyView(params, { names: ['status'], prefix: 'recent' }, { search: 'a' });
  expect(Object.fromEntries(next)).toEqual({ status: 'y', recentSearch: 'a' });
});
