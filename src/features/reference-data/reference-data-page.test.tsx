import { screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import userEvent from '@testing-library/user-event';
import type { ReferenceListKey } from '../../../common/reference-lists';
import { fakeApi } from '../../test/fake-api/fake-api';
import {
  referenceEntry,
  referenceListFake,
  type ReferenceEntry,
} from '../../test/fake-api/reference-lists';
import { NETWORK_ERROR, offContract, type FakeReply } from '../../test/fake-api/reply';
import { adminUser } from '../../test/fake-api/session';
import type { Filters } from '../../test/fake-api/list';
import { rowOf, setupUser } from '../../test/screen';
import { dialogTitled } from '../../test/dialogs';
import { openAsAdmin } from '../../test/render-app';
import { changedByColleague } from '../../test/fake-api/versions';

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const at = '2026-03-05T12:00:00.000Z';

/** List `key` holding `entries` (copies); the list finds what `filters` say. */
function referenceServer(
  key: ReferenceListKey,
  entries: ReferenceEntry[],
  filters: Filters<ReferenceEntry> = {},
) {
  const fake = referenceListFake(
    key,
    entries.map((e) => ({ ...e })),
    filters,
  );
  return { ...fakeApi(fake), fake };
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

describe('menu categories configuration', () => {
  const categories = [
    referenceEntry('category', 1, { name: 'Starters', restaurantCount: 4, dishesCount: 9 }),
    referenceEntry('category', 2, {
      name: 'Mains',
      restaurantCount: 2,
      dishesCount: 3,
      status: false,
    }),
  ];

  it('shows its columns and counts, and sends addedById', async () => {
    const { callsOf } = referenceServer('category', categories);
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
    const list = callsOf('listCategories')[0].url.searchParams;
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
    referenceServer('category', []).on('listCategories', () =>
      offContract(200, { success: true, message: 'ok', count: 1, data: [legacy] }),
    );
    openAsAdmin('/admin/categories');
    expect(await screen.findByText('Legacy')).toBeInTheDocument();
    expect(rowOf('Legacy')).toHaveTextContent('Active');
    expect(within(rowOf('Legacy')).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('Add Category refuses a blank name, then creates with the server message', async () => {
    const { calls, on, fake } = referenceServer('category', categories);
    // The screen shows the server's message, whatever it says.
    on('createCategory', async (call) => {
      const answer = await fake.routes.createCategory!(call);
      return { ...answer, body: { ...(answer?.body as object), message: 'Created on the server' } };
    });
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
    const { calls } = referenceServer('category', categories);
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

  it('Edit of an entry a colleague renamed meanwhile: the name typed stays beside theirs; Save mine anyway overrides', async () => {
    const { fake, callsOf } = referenceServer('category', categories);
    openAsAdmin('/admin/categories');
    await screen.findByText('Mains');
    const user = setupUser();
    await user.click(within(rowOf('Mains')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    changedByColleague(
      fake.entries[1],
      { name: 'Main dishes' },
      {
        type: 'category',
        name: 'Mains',
        action: 'reference.update',
        changes: [{ field: 'name', before: 'Mains', after: 'Main dishes' }],
        at: '2026-03-05T10:31:00.000Z',
        actor: 'Cody Content',
      },
    );
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Main Courses');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    const notice = (await within(dialog).findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Cody Content changed this');
    expect(within(notice).getByLabelText('Name: theirs and yours')).toHaveTextContent(
      'Name: theirs Main dishes, yours Main Courses',
    );
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Main Courses');
    await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
    // The notice itself says "yours Main Courses": wait for the list's row, not for any text.
    await waitFor(() => expect(rowOf('Main Courses')).toBeInTheDocument());
    const [, mine] = callsOf('updateCategory');
    expect(mine.headers.get('If-Match')).toBe('"2"');
    expect(mine.headers.get('X-Overrides-Version')).toBe('1');
    expect(fake.entries[1]).toMatchObject({ name: 'Main Courses', version: 3 });
  });

  it('Deactivate of an entry a colleague changed meanwhile: the compact notice beside it, nothing changed; Save mine anyway sends it against their version', async () => {
    const { fake, callsOf } = referenceServer('category', categories);
    openAsAdmin('/admin/categories');
    await screen.findByText('Starters');
    changedByColleague(
      fake.entries[0],
      { name: 'Starters' },
      {
        type: 'category',
        name: 'Starters',
        action: 'reference.update',
        changes: [{ field: 'name', before: 'Starter', after: 'Starters' }],
        actor: 'Cody Content',
      },
    );
    const user = setupUser();
    await user.click(within(rowOf('Starters')).getByRole('button', { name: 'Deactivate' }));
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Cody Content changed this');
    expect(fake.entries[0]).toMatchObject({ status: true, version: 2 });
    expect(screen.queryByText('Failed to update category status')).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Save mine anyway' }));
    await waitFor(() => expect(rowOf('Starters')).toHaveTextContent('Inactive'));
    const [stale, mine] = callsOf('updateCategory');
    expect([stale.headers.get('If-Match'), mine.headers.get('If-Match')]).toEqual(['"1"', '"2"']);
    expect(mine.headers.get('X-Overrides-Version')).toBe('1');
  });

  it('a duplicate name shows the server message; a failed toggle the spec default', async () => {
    // The name is taken (in another case); the toggle fails without a message.
    referenceServer('category', categories).on('updateCategory', () => offContract(500, {}));
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
    const many = Array.from({ length: 15 }, (_, i) =>
      referenceEntry('category', i, { name: `Cat ${i}` }),
    );
    referenceServer('category', many).on('listCategories', () =>
      fail ? NETWORK_ERROR : undefined,
    );
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
  const types = Array.from({ length: 12 }, (_, i) =>
    referenceEntry('bookingType', i, { name: i === 0 ? 'Dine-in' : `Type ${i}` }),
  );

  it('loads once with limit 1000, then searches and pages locally', async () => {
    const { callsOf } = referenceServer('bookingType', types);
    const { router } = openAsAdmin('/admin/booking-types');
    expect(await screen.findByText('Dine-in')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'Created Date', 'Actions']);
    const list = callsOf('listBookingTypes');
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
    expect(callsOf('listBookingTypes')).toHaveLength(1);
  });

  it('adds form-encoded; deletes through the confirm modal with the spec question', async () => {
    const { calls } = referenceServer('bookingType', types);
    openAsAdmin('/admin/booking-types');
    await screen.findByText('Dine-in');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: '+ Add Booking Type' }));
    const add = await screen.findByRole('dialog');
    await user.type(within(add).getByLabelText('Name'), 'Brunch');
    await user.click(within(add).getByRole('button', { name: 'Add' }));
    await screen.findByText('Booking type created successfully');
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

  it('Delete of an entry a colleague renamed meanwhile: the compact notice beside it, the entry kept; Reload asks first', async () => {
    const { fake, callsOf } = referenceServer('bookingType', types);
    openAsAdmin('/admin/booking-types');
    await screen.findByText('Dine-in');
    changedByColleague(
      fake.entries[0],
      { name: 'Dine in' },
      {
        type: 'bookingType',
        name: 'Dine-in',
        action: 'reference.update',
        changes: [{ field: 'name', before: 'Dine-in', after: 'Dine in' }],
        actor: 'Cody Content',
      },
    );
    const user = setupUser();
    await user.click(within(rowOf('Dine-in')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    const notice = (await screen.findByText('Changed by someone else')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(notice).toHaveTextContent('Cody Content changed this');
    expect(callsOf('deleteBookingType')[0].headers.get('If-Match')).toBe('"1"');
    expect(fake.entries[0]).toMatchObject({ name: 'Dine in', version: 2 });
    await user.click(within(notice).getByRole('button', { name: 'Reload' }));
    await user.click(
      within(await dialogTitled('Discard your changes?')).getByRole('button', {
        name: 'Discard and reload',
      }),
    );
    expect(await screen.findByText('Dine in')).toBeInTheDocument();
    expect(screen.queryByText('Changed by someone else')).toBeNull();
    expect(callsOf('deleteBookingType')).toHaveLength(1);
  });

  it('a failed load offers Try Again', async () => {
    referenceServer('bookingType', []).on('listBookingTypes', () => offContract(500, {}));
    openAsAdmin('/admin/booking-types');
    expect(await screen.findByText('Failed to fetch booking types')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('dietary preferences configuration', () => {
  it('shows Users counts and the preference modal titles', async () => {
    referenceServer('dietary', [
      referenceEntry('dietary', 1, { name: 'Vegan', restaurantCount: 3, userCount: 7 }),
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
  const cuisines = [
    referenceEntry('cuisine', 1, {
      name: 'Italian',
      restaurantCount: 5,
      image: '/api/v1/images/abc',
    }),
    referenceEntry('cuisine', 2, { name: 'Thai', restaurantCount: 1 }),
  ];

  it('shows images (a placeholder when none), and "No cuisines found" for an empty search', async () => {
    referenceServer('cuisine', cuisines, { 'search=zzz': () => [] });
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
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls, on } = referenceServer('cuisine', cuisines);
    on('createCuisine', async () => {
      await held;
      return undefined;
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
    release();
    expect(await screen.findByText('Cuisine preference created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Edit Cuisine reads Updating... while busy; the toggle sends JSON {status}', async () => {
    let release: (answer: FakeReply) => void = () => {};
    const { calls, on } = referenceServer('cuisine', cuisines);
    on('updateCuisine', ({ body }) =>
      body instanceof FormData
        ? new Promise<FakeReply>((resolve) => (release = resolve))
        : undefined,
    );
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
      referenceServer('cuisine', cuisines);
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
    referenceServer('cuisine', cuisines);
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
