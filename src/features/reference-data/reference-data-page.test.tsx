import { screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import userEvent from '@testing-library/user-event';
import {
  adminUser,
  byQuery,
  mockApi,
  NETWORK_ERROR,
  offContract,
  reply,
  replyOf,
  type OperationId,
  sessionCheckOk,
  type MockReply,
  type MockRequest,
} from '../../test/mock-api';
import { rowOf, setupUser } from '../../test/screen';
import { openAsAdmin } from '../../test/render-app';

type Row = Record<string, unknown> & { _id: string; name: string };
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const at = '2026-03-05T12:00:00.000Z';

/** A reference list's paths and their operations in the contract. */
interface Endpoints {
  list: string;
  create: string;
  item: string;
  ops: { list: OperationId; create: OperationId; update: OperationId; remove?: OperationId };
}

/** One list endpoint with search and paging, and its write endpoints. */
function referenceServer(
  paths: Endpoints,
  seed: Row[],
  hooks: { write?: (req: MockRequest) => MockReply | Promise<MockReply> | undefined } = {},
) {
  const rows = seed.map((r) => ({ ...r }));
  const page = (data: Row[]) =>
    replyOf(paths.ops.list, 200, { success: true, message: 'ok', count: data.length, data });
  // The lists of these tests fit one page; what the server answers for what they ask.
  const list = byQuery({
    'skip=0&limit=10': () => page(rows),
    [`skip=0&limit=10&addedById=${adminUser._id}`]: () => page(rows),
    'skip=0&limit=1000': () => page(rows),
    'skip=0&limit=10&search=zzz': () => page([]),
  });
  const mock = mockApi(async (req) => {
    if (req.path === '/total/booking') return sessionCheckOk;
    if (req.path === paths.list) {
      return list(req);
    }
    if (req.path === paths.create || req.path.startsWith(`${paths.item}/`)) {
      const custom = await hooks.write?.(req);
      if (custom) return custom;
      if (req.method === 'DELETE') {
        rows.splice(
          rows.findIndex((r) => req.path.endsWith(r._id)),
          1,
        );
        return replyOf(paths.ops.remove!, 200, {
          success: true,
          message: 'Booking type deleted successfully',
        });
      }
      const body = req.body as { name?: string; status?: boolean } | URLSearchParams | FormData;
      const name =
        body instanceof URLSearchParams || body instanceof FormData
          ? String(body.get('name'))
          : body.name;
      if (req.method === 'POST') {
        const row = {
          _id: id(900 + rows.length),
          name: name!,
          createdAt: at,
          status: true,
          restaurantCount: 0,
          dishesCount: 0,
          userCount: 0,
        };
        rows.unshift(row);
        return replyOf(paths.ops.create, 201, {
          success: true,
          message: 'Created on the server',
          data: row,
        });
      }
      const row = rows.find((r) => req.path.endsWith(r._id))!;
      if (name !== undefined) row.name = name;
      if (
        !(body instanceof URLSearchParams || body instanceof FormData) &&
        body.status !== undefined
      )
        row.status = body.status;
      return replyOf(paths.ops.update, 200, {
        success: true,
        message: 'Saved on the server',
        data: row,
      });
    }
    return undefined;
  });
  return { ...mock, rows };
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('menu categories configuration', () => {
  const categories: Row[] = [
    {
      _id: id(1),
      name: 'Starters',
      createdAt: at,
      restaurantCount: 4,
      dishesCount: 9,
      status: true,
    },
    { _id: id(2), name: 'Mains', createdAt: at, restaurantCount: 2, dishesCount: 3, status: false },
  ];
  const paths: Endpoints = {
    list: '/admin/categories',
    create: '/category',
    item: '/category',
    ops: { list: 'listCategories', create: 'createCategory', update: 'updateCategory' },
  };

  it('shows its columns and counts, and sends addedById', async () => {
    const { calls } = referenceServer(paths, categories);
    openAsAdmin('/admin/categories');
    expect(await screen.findByText('Starters')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Name',
      'Created Date',
      'Restaurants',
      'Dishes',
      'Status',
      'Actions',
    ]);
    expect(rowOf('Starters')).toHaveTextContent('Mar 5, 2026');
    expect(rowOf('Starters')).toHaveTextContent(/49Active/);
    expect(rowOf('Mains')).toHaveTextContent('Inactive');
    expect(within(rowOf('Mains')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    const list = calls.find((c) => c.path === paths.list)!.url.searchParams;
    expect(list.get('addedById')).toBe(adminUser._id);
    expect(list.get('limit')).toBe('10');
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('counts a missing status as active (a row outside the contract, from older data)', async () => {
    const legacy = {
      _id: id(3),
      name: 'Legacy',
      createdAt: at,
      restaurantCount: 0,
      dishesCount: 0,
    };
    mockApi((req) => {
      if (req.path === '/total/booking') return sessionCheckOk;
      if (req.path === paths.list) {
        return offContract(200, { success: true, message: 'ok', count: 1, data: [legacy] });
      }
      return undefined;
    });
    openAsAdmin('/admin/categories');
    expect(await screen.findByText('Legacy')).toBeInTheDocument();
    expect(rowOf('Legacy')).toHaveTextContent('Active');
    expect(within(rowOf('Legacy')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('Add Category refuses a blank name, then creates with the server message', async () => {
    const { calls } = referenceServer(paths, categories);
    openAsAdmin('/admin/categories');
    await screen.findByText('Starters');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '+ Add Category' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Add Category')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Category name is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), ' Brunch ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Created on the server')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Brunch' });
    expect(await screen.findByText('Brunch')).toBeInTheDocument();
  });

  it('Edit renames; Deactivate sends {status: false} and updates the row', async () => {
    const { calls } = referenceServer(paths, categories);
    openAsAdmin('/admin/categories');
    await screen.findByText('Starters');
    const user = setupUser();
    await user.click(within(rowOf('Starters')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(rowOf('Starters')).toHaveTextContent('Inactive'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: false });

    await user.click(within(rowOf('Mains')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Category')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Mains');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Main Courses');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Main Courses')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.path).toBe(`/category/${id(2)}`);
  });

  it('a duplicate name shows the server message; a failed toggle the spec default', async () => {
    referenceServer(paths, categories, {
      write: (req) =>
        req.method === 'POST'
          ? reply('createCategory', 409, {
              success: false,
              message: 'A category named "starters" already exists',
              status_code: 409,
            })
          : offContract(500, {}),
    });
    openAsAdmin('/admin/categories');
    await screen.findByText('Starters');
    const user = setupUser();
    await user.click(within(rowOf('Starters')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Failed to update category status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Category' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'starters');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText('A category named "starters" already exists'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a failed load shows the spec text and Retry goes back to page 1', async () => {
    let fail = true;
    const many = Array.from({ length: 15 }, (_, i) => ({
      _id: id(i),
      name: `Cat ${i}`,
      createdAt: at,
      restaurantCount: 0,
      dishesCount: 0,
      status: true,
    }));
    mockApi((req) => {
      if (req.path === '/total/booking') return sessionCheckOk;
      if (req.path === '/admin/categories') {
        if (fail) return NETWORK_ERROR;
        return reply('listCategories', 200, {
          success: true,
          message: 'ok',
          count: 15,
          data: many.slice(0, 10),
        });
      }
      return undefined;
    });
    const { router } = openAsAdmin('/admin/categories?page=2');
    expect(
      await screen.findByText('Failed to load categories. Please try again later.'),
    ).toBeInTheDocument();
    fail = false;
    // The list's own Retry (the outage banner has one too).
    const failure = screen
      .getByText('Failed to load categories. Please try again later.')
      .closest('[role="alert"]') as HTMLElement;
    await setupUser().click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Cat 0')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('booking types configuration', () => {
  const types: Row[] = Array.from({ length: 12 }, (_, i) => ({
    _id: id(i),
    name: i === 0 ? 'Dine-in' : `Type ${i}`,
    createdAt: at,
  }));
  const paths: Endpoints = {
    list: '/bookingTypes',
    create: '/bookingType',
    item: '/bookingType',
    ops: {
      list: 'listBookingTypes',
      create: 'createBookingType',
      update: 'updateBookingType',
      remove: 'deleteBookingType',
    },
  };

  it('loads once with limit 1000, then searches and pages locally', async () => {
    const { calls } = referenceServer(paths, types);
    const { router } = openAsAdmin('/admin/booking-types');
    expect(await screen.findByText('Dine-in')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Created Date', 'Actions']);
    const list = calls.filter((c) => c.path === paths.list);
    expect(list[0].url.searchParams.get('limit')).toBe('1000');
    expect(list[0].url.searchParams.get('skip')).toBe('0');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Type 11')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search booking types...'), 'dine');
    await waitFor(() => expect(router.state.location.search).toBe('?search=dine'));
    expect(await screen.findByText('Dine-in')).toBeInTheDocument();
    expect(screen.queryByText('Type 1')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === paths.list)).toHaveLength(1);
  });

  it('adds form-encoded; deletes through the confirm modal with the spec question', async () => {
    const { calls } = referenceServer(paths, types);
    openAsAdmin('/admin/booking-types');
    await screen.findByText('Dine-in');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '+ Add Booking Type' }));
    const add = await screen.findByRole('dialog');
    await user.type(within(add).getByLabelText('Name'), 'Brunch');
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    await screen.findByText('Created on the server');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toBeInstanceOf(URLSearchParams);
    expect((post.body as URLSearchParams).get('name')).toBe('Brunch');

    await user.click(within(rowOf('Dine-in')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete Booking Type');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the booking type "Dine-in"?',
    );
    expect(confirm).toHaveTextContent('This action cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Booking type deleted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe(`/bookingType/${id(0)}`);
    await waitFor(() => expect(screen.queryByText('Dine-in')).not.toBeInTheDocument());
  });

  it('a failed load offers Try Again', async () => {
    mockApi((req) => {
      if (req.path === '/total/booking') return sessionCheckOk;
      if (req.path === '/bookingTypes') return offContract(500, {});
      return undefined;
    });
    openAsAdmin('/admin/booking-types');
    expect(await screen.findByText('Failed to fetch booking types')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('dietary preferences configuration', () => {
  it('shows Users counts and the preference modal titles', async () => {
    const dietaries: Endpoints = {
      list: '/admin/dietaries',
      create: '/dietaries',
      item: '/dietary',
      ops: { list: 'listDietaries', create: 'createDietary', update: 'updateDietary' },
    };
    referenceServer(dietaries, [
      { _id: id(1), name: 'Vegan', createdAt: at, restaurantCount: 3, userCount: 7, status: true },
    ]);
    openAsAdmin('/admin/preferences');
    expect(await screen.findByText('Vegan')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Name',
      'Created Date',
      'Restaurants',
      'Users',
      'Status',
      'Actions',
    ]);
    expect(rowOf('Vegan')).toHaveTextContent(/37Active/);
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '+ Add Preference' }));
    expect(await screen.findByRole('dialog', { name: 'Add Preference' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Preference name is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(rowOf('Vegan')).getByRole('button', { name: 'Edit' }));
    expect(
      await screen.findByRole('dialog', { name: 'Edit Dietary Preference' }),
    ).toBeInTheDocument();
  });
});

describe('cuisines configuration', () => {
  const paths: Endpoints = {
    list: '/admin/cuisines',
    create: '/cuisine',
    item: '/cuisine',
    ops: { list: 'listCuisines', create: 'createCuisine', update: 'updateCuisine' },
  };
  const cuisines: Row[] = [
    {
      _id: id(1),
      name: 'Italian',
      createdAt: at,
      restaurantCount: 5,
      status: true,
      image: '/api/v1/images/abc',
    },
    { _id: id(2), name: 'Thai', createdAt: at, restaurantCount: 1, status: true, image: null },
  ];

  it('shows images (a placeholder when none), and "No cuisines found" for an empty search', async () => {
    referenceServer(paths, cuisines);
    openAsAdmin('/admin/cuisines');
    expect(await screen.findByText('Italian')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Created Date', 'Restaurants', 'Status', 'Actions']);
    expect(within(rowOf('Italian')).getByRole('img', { name: 'Italian' })).toHaveAttribute(
      'src',
      '/api/v1/images/abc',
    );
    expect(within(rowOf('Thai')).queryByRole('img', { name: 'Thai' })).not.toBeInTheDocument();
    await setupUser().type(screen.getByPlaceholderText('Search cuisines...'), 'zzz');
    expect(await screen.findByText('No cuisines found')).toBeInTheDocument();
  });

  it('Add New Cuisine sends a multipart form with the image and reads Adding... while busy', async () => {
    let release: (r: MockReply) => void = () => {};
    const { calls } = referenceServer(paths, cuisines, {
      write: (req) =>
        req.method === 'POST'
          ? new Promise<MockReply>((resolve) => (release = resolve))
          : undefined,
    });
    openAsAdmin('/admin/cuisines');
    await screen.findByText('Italian');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '+ Add Cuisine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Cuisine' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Cuisine' }));
    expect(await within(dialog).findByText('Cuisine name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Peruvian');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'peru.png', {
      type: 'image/png',
    });
    await user.upload(within(dialog).getByLabelText('Image'), png);
    await user.click(within(dialog).getByRole('button', { name: 'Add Cuisine' }));
    expect(await within(dialog).findByRole('button', { name: /Adding\.\.\./ })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    const form = post.body as FormData;
    expect(form.get('name')).toBe('Peruvian');
    expect((form.get('image') as File).name).toBe('peru.png');
    release(
      reply('createCuisine', 201, {
        success: true,
        message: 'Cuisine preference created successfully',
        data: {
          _id: id(950),
          name: 'Peruvian',
          image: null,
          createdAt: at,
          restaurantCount: 0,
          status: true,
        },
      }),
    );
    expect(await screen.findByText('Cuisine preference created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Edit Cuisine reads Updating... while busy; the toggle sends JSON {status}', async () => {
    let release: (r: MockReply) => void = () => {};
    const { calls } = referenceServer(paths, cuisines, {
      write: (req) =>
        req.method === 'PUT' && req.body instanceof FormData
          ? new Promise<MockReply>((resolve) => (release = resolve))
          : undefined,
    });
    openAsAdmin('/admin/cuisines');
    await screen.findByText('Italian');
    const user = setupUser();
    await user.click(within(rowOf('Thai')).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(rowOf('Thai')).toHaveTextContent('Inactive'));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: false });

    await user.click(within(rowOf('Italian')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cuisine' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Italian');
    await user.click(within(dialog).getByRole('button', { name: 'Update Cuisine' }));
    expect(
      await within(dialog).findByRole('button', { name: /Updating\.\.\./ }),
    ).toBeInTheDocument();
    release(offContract(500, {}));
    expect(await screen.findByText('Failed to update cuisine preference')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update Cuisine' })).toBeInTheDocument();
  });

  it('the cuisine modal uses no deprecated antd API', async () => {
    const consoleError = jest.spyOn(console, 'error');
    try {
      referenceServer(paths, cuisines);
      openAsAdmin('/admin/cuisines');
      await screen.findByText('Italian');
      const user = setupUser();
      await user.click(within(rowOf('Italian')).getByRole('button', { name: 'Edit' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Cuisine' });
      await user.upload(
        within(dialog).getByLabelText('Image'),
        new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new.png', { type: 'image/png' }),
      );
      expect(await within(dialog).findByText('new.png')).toBeInTheDocument();
      const deprecations = consoleError.mock.calls
        .map((args) => args.map(String).join(' '))
        .filter((text) => /deprecated/i.test(text));
      expect(deprecations).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('refuses a file that is not an image', async () => {
    referenceServer(paths, cuisines);
    openAsAdmin('/admin/cuisines');
    await screen.findByText('Italian');
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(screen.getByRole('button', { name: '+ Add Cuisine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Cuisine' });
    await user.upload(
      within(dialog).getByLabelText('Image'),
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      await within(dialog).findByText('Please choose an image file (PNG, JPEG or WebP)'),
    ).toBeInTheDocument();
  });
});
