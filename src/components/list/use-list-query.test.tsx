import { jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useSearchParams } from 'react-router-dom';
import {
  useFirstPage,
  useListQuery,
  type ListQuery,
  type ListQueryOptions,
} from './use-list-query';

type Filter = 'status' | 'rating';

function setup(
  start: string,
  options: ListQueryOptions<Filter> = { filters: ['status', 'rating'] },
) {
  const seen: { current: ListQuery<Filter> | null } = { current: null };
  function Probe() {
    seen.current = useListQuery<Filter>(options);
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [start],
  });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!seen.current) throw new Error('not rendered');
    return seen.current;
  };
  const query = () => new URLSearchParams(router.state.location.search);
  return { router, list, query };
}

describe('useListQuery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads search, filters and page from the URL', () => {
    const { list } = setup('/list?search=ann&page=3&status=active&other=x');
    expect(list()).toMatchObject({
      search: 'ann',
      searchInput: 'ann',
      filters: { status: 'active', rating: undefined },
      page: 3,
      skip: 20,
      limit: 10,
    });
  });

  it('shows a filter value its rule does not accept as unset', () => {
    const { list } = setup('/list?status=bogus&rating=4', {
      filters: ['status', 'rating'],
      accept: { status: ['active', 'inactive'], rating: (value) => /^[1-5]$/.test(value) },
    });
    expect(list().filters).toEqual({ status: undefined, rating: '4' });
  });

  it('shows typed text at once and applies it, trimmed, 500 ms after the last keystroke', () => {
    const { list, query } = setup('/list?page=4&status=active');
    act(() => list().setSearch('b'));
    act(() => jest.advanceTimersByTime(300));
    act(() => list().setSearch(' bo '));
    expect(list().searchInput).toBe(' bo ');
    act(() => jest.advanceTimersByTime(499));
    expect(query().get('search')).toBeNull();
    expect(list().page).toBe(4);

    act(() => jest.advanceTimersByTime(1));
    expect(query().get('search')).toBe('bo');
    expect(query().get('page')).toBeNull();
    expect(query().get('status')).toBe('active');
    expect(list()).toMatchObject({ search: 'bo', searchInput: ' bo ', page: 1, skip: 0 });
    expect(list().filters).toEqual({ status: 'active', rating: undefined });
  });

  it('removes the search from the URL when the box is emptied', () => {
    const { list, query } = setup('/list?search=ann&page=2');
    act(() => list().setSearch('   '));
    act(() => jest.advanceTimersByTime(500));
    expect(query().get('search')).toBeNull();
    expect(list()).toMatchObject({ search: '', page: 1 });
  });

  it('keeps the page, and the box its spaces, when the applied search text does not change', () => {
    const { list } = setup('/list?search=ann&page=2');
    act(() => list().setSearch('ann '));
    act(() => jest.advanceTimersByTime(500));
    expect(list()).toMatchObject({ page: 2, searchInput: 'ann ' });
  });

  it('resets to page 1 when a filter changes, and clears a filter with undefined', () => {
    const { list, query } = setup('/list?page=3&restaurant=r1');
    act(() => list().setFilter('status', 'inactive'));
    expect(query().get('status')).toBe('inactive');
    expect(query().get('page')).toBeNull();
    expect(query().get('restaurant')).toBe('r1');

    act(() => list().setPage(2));
    act(() => list().setFilter('status', undefined));
    expect(query().get('status')).toBeNull();
    expect(list().page).toBe(1);
    expect(list().filters).toEqual({ status: undefined, rating: undefined });
  });

  it('sets two filters in one handler without losing either', () => {
    const { list, query } = setup('/list');
    act(() => {
      list().setFilter('status', 'active');
      list().setFilter('rating', '5');
    });
    expect(query().get('status')).toBe('active');
    expect(query().get('rating')).toBe('5');
  });

  it('keeps building on the newest query while its navigation is still pending', async () => {
    // A part above the list waits when there is no status (as a lazily loaded part would), so
    // clearing the filter leaves the navigation pending: React still shows the old query, and a
    // keystroke meanwhile renders the list with it. The debounced search must build on the
    // newest query, not bring the cleared filter back.
    const seen: { current: ListQuery<Filter> | null } = { current: null };
    let ready: () => void = () => undefined;
    const pending = new Promise<void>((resolve) => {
      ready = resolve;
    });
    let released = false;
    void pending.then(() => {
      released = true;
    });
    function List() {
      seen.current = useListQuery<Filter>({ filters: ['status', 'rating'] });
      return <p>the list</p>;
    }
    /** What holds the navigation: a part above the list that waits for something. */
    function Gate({ children }: { children: ReactNode }) {
      const [params] = useSearchParams();
      if (!params.get('status') && !released) throw pending;
      return children;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <Suspense fallback={<p>loading</p>}>
              <Gate>
                <List />
              </Gate>
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/list?status=active'] },
    );
    render(<RouterProvider router={router} />);
    await act(async () => seen.current?.setFilter('status', undefined));
    expect(router.state.location.search).toBe('');
    // Still the old view on screen: the navigation waits.
    expect(screen.getByText('the list')).toBeInTheDocument();
    expect(seen.current?.filters.status).toBe('active');
    act(() => seen.current?.setSearch('pizza'));
    expect(seen.current?.filters.status).toBe('active');
    act(() => jest.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('?search=pizza');
    await act(async () => ready());
    expect(seen.current?.filters.status).toBeUndefined();
    expect(seen.current?.search).toBe('pizza');
  });

  it('keeps what is typed while its own applied search is still arriving', async () => {
    // The debounced search navigates, a part above the list waits (the navigation stays
    // pending), and the admin empties the box meanwhile. When the search the hook wrote itself
    // arrives, it is not "the URL changed by itself": the emptied box and its pending apply stay.
    const seen: { current: ListQuery<Filter> | null } = { current: null };
    let ready: () => void = () => undefined;
    let released = false;
    const pending = new Promise<void>((resolve) => {
      ready = resolve;
    }).then(() => {
      released = true;
    });
    function List() {
      seen.current = useListQuery<Filter>({ filters: ['status', 'rating'] });
      return <p>the list</p>;
    }
    function Gate({ children }: { children: ReactNode }) {
      const [params] = useSearchParams();
      if (params.get('search') === 'pizza' && !released) throw pending;
      return children;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <Suspense fallback={<p>loading</p>}>
              <Gate>
                <List />
              </Gate>
            </Suspense>
          ),
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    act(() => seen.current?.setSearch('pizza'));
    await act(async () => jest.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('?search=pizza');
    expect(seen.current?.search).toBe('');
    act(() => seen.current?.setSearch(''));
    await act(async () => ready());
    expect(seen.current?.searchInput).toBe('');
    act(() => jest.advanceTimersByTime(500));
    expect(router.state.location.search).toBe('');
    expect(seen.current).toMatchObject({ search: '', searchInput: '' });
  });

  it('pages through the URL; page 1 is the bare URL', () => {
    const { list, query } = setup('/list?search=x');
    act(() => list().setPage(2));
    expect(query().get('page')).toBe('2');
    expect(list()).toMatchObject({ page: 2, skip: 10 });
    act(() => list().setPage(1));
    expect(query().get('page')).toBeNull();
  });

  it('clears search and filters together, dropping typing not yet applied', () => {
    const { list, query } = setup('/list?search=a&status=active&rating=4&page=2&restaurant=r1');
    act(() => list().setSearch('abc'));
    act(() => list().clearFilters());
    act(() => jest.advanceTimersByTime(1000));
    expect(query().toString()).toBe('restaurant=r1');
    expect(list()).toMatchObject({ search: '', searchInput: '', page: 1 });
  });

  it('restores the view on back and forward', async () => {
    const { list, router } = setup('/list');
    act(() => list().setSearch('pizza'));
    act(() => jest.advanceTimersByTime(500));
    act(() => list().setPage(3));
    expect(list()).toMatchObject({ search: 'pizza', page: 3 });

    await act(() => router.navigate(-1));
    expect(list()).toMatchObject({ search: 'pizza', page: 1 });
    await act(() => router.navigate(-1));
    expect(list()).toMatchObject({ search: '', searchInput: '', page: 1 });
    await act(() => router.navigate(1));
    expect(list()).toMatchObject({ search: 'pizza', searchInput: 'pizza', page: 1 });
  });

  it('drops typing not yet applied when the URL changes by itself', async () => {
    const { list, router, query } = setup('/list?search=old');
    act(() => list().setSearch('new'));
    await act(() => router.navigate('/list?search=linked'));
    act(() => jest.advanceTimersByTime(1000));
    expect(query().get('search')).toBe('linked');
    expect(list().searchInput).toBe('linked');
  });

  it('drops typing not yet applied when another page opens while its chunk still loads', async () => {
    const seen: { current: ListQuery | null } = { current: null };
    function List() {
      seen.current = useListQuery();
      return <p>the list</p>;
    }
    let loaded: (page: { default: ComponentType }) => void = () => undefined;
    const Other = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          loaded = resolve;
        }),
    );
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <Suspense fallback={<p>loading</p>}>
              <Outlet />
            </Suspense>
          ),
          children: [
            { path: 'list', element: <List /> },
            { path: 'other', element: <Other /> },
          ],
        },
      ],
      { initialEntries: ['/list'] },
    );
    render(<RouterProvider router={router} />);
    act(() => seen.current?.setSearch('pizza'));
    await act(() => router.navigate('/other'));
    // The list is still on screen (the navigation is a transition) when the 500 ms run out.
    expect(screen.getByText('the list')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1000));
    await act(async () => loaded({ default: () => <p>the other page</p> }));
    expect(await screen.findByText('the other page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/other');
    expect(router.state.location.search).toBe('');
  });

  it('drops typing not yet applied when a route showing the same screen opens', async () => {
    const seen: { current: ListQuery | null } = { current: null };
    function List() {
      seen.current = useListQuery();
      return null;
    }
    const router = createMemoryRouter(
      [
        { path: '/a', element: <List /> },
        { path: '/b', element: <List /> },
      ],
      { initialEntries: ['/a'] },
    );
    render(<RouterProvider router={router} />);
    act(() => seen.current?.setSearch('pizza'));
    await act(() => router.navigate('/b'));
    act(() => jest.advanceTimersByTime(1000));
    expect(router.state.location.pathname).toBe('/b');
    expect(router.state.location.search).toBe('');
    expect(seen.current?.searchInput).toBe('');
  });

  it('honours a page size and a parameter prefix', () => {
    const { list, query } = setup('/list?recentPage=2&recentStatus=paid&page=9', {
      filters: ['status'],
      pageSize: 5,
      prefix: 'recent',
    });
    expect(list()).toMatchObject({ page: 2, skip: 5, limit: 5, filters: { status: 'paid' } });
    act(() => list().setSearch('x'));
    act(() => jest.advanceTimersByTime(500));
    expect(query().get('recentSearch')).toBe('x');
    expect(query().get('recentPage')).toBeNull();
    expect(query().get('page')).toBe('9');
  });

  it('keeps filters the same object while none of them changes', () => {
    const { list } = setup('/list?status=active');
    const before = list().filters;
    act(() => list().setSearch('typing'));
    act(() => list().setPage(2));
    expect(list().filters).toBe(before);
  });

  it('goes back to the first page with useFirstPage', () => {
    const seen: { first: (() => void) | null } = { first: null };
    function Probe() {
      seen.first = useFirstPage();
      return null;
    }
    const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
      initialEntries: ['/list?page=3&search=a'],
    });
    render(<RouterProvider router={router} />);
    act(() => seen.first?.());
    expect(router.state.location.search).toBe('?search=a');
  });
});
