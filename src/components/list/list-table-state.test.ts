import { listTableState } from './list-table-state';

const list = { page: 3, setPage: () => undefined, limit: 10 };
const errors = { http: 'Failed to fetch things', other: 'Failed to load things.' };

describe('listTableState', () => {
  it('hands the page of rows, the count, paging and loading states to the table', () => {
    const rows = [{ _id: 'a' }];
    const state = listTableState(
      { data: { data: rows, count: 21 }, isLoading: false, isFetching: true, isError: false },
      list,
      errors,
    );
    expect(state).toEqual({
      rows,
      total: 21,
      page: 3,
      onPageChange: list.setPage,
      pageSize: 10,
      isLoading: false,
      isFetching: true,
      error: null,
    });
  });

  it("gives a failed load's message: the server's, else the texts for HTTP and other failures", () => {
    const failed = (error: unknown) =>
      listTableState({ isLoading: false, isFetching: false, isError: true, error }, list, errors)
        .error;
    expect(failed({ status: 500, data: { message: 'Database down' } })).toBe('Database down');
    expect(failed({ status: 500, data: {} })).toBe('Failed to fetch things');
    expect(failed({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe('Failed to load things.');
  });

  it('leaves the error to the screen when it has no texts', () => {
    const state = listTableState(
      { isLoading: false, isFetching: false, isError: true, error: { status: 500 } },
      list,
    );
    expect(state.error).toBeNull();
    expect(state.rows).toBeUndefined();
  });

  it("never gives another page's rows with a page's error", () => {
    const page1 = { data: [{ _id: 'a' }], count: 30 };
    const failed = listTableState(
      { data: page1, isLoading: false, isFetching: false, isError: true, error: { status: 500 } },
      list,
      errors,
    );
    expect(failed.rows).toBeUndefined();
    expect(failed.total).toBe(30);
    expect(failed.error).toBe('Failed to fetch things');
  });
});
