/** Saved views of the list screens (shared by every admin): list by screen, create, rename, delete. */
import { api } from './api';
import { auditedWrite } from './cache-tags';
import { versioned, type Versioned } from './versions';
import type {
  CreateSavedViewRequest,
  MessageResponse,
  SavedViewListResponse,
  SavedViewResponse,
  SavedViewScreen,
} from './types';

/** The views of one screen (cached per screen, not as one list). */
const viewsOf = ({ screen }: { screen: SavedViewScreen }) => [
  { type: 'SavedView' as const, id: screen },
];

export const savedViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSavedViews: build.query<SavedViewListResponse, SavedViewScreen>({
      query: (screen) => ({ url: '/admin/saved-views', params: { screen } }),
      providesTags: (_result, _error, screen) => viewsOf({ screen }),
    }),
    createSavedView: build.mutation<SavedViewResponse, CreateSavedViewRequest>({
      query: (body) => ({ url: '/admin/saved-views', method: 'POST', body }),
      invalidatesTags: auditedWrite(viewsOf),
    }),
    renameSavedView: build.mutation<
      SavedViewResponse,
      { id: string; name: string; screen: SavedViewScreen } & Versioned
    >({
      query: ({ id, name, version, overrides }) =>
        versioned(
          { url: `/admin/saved-views/${id}`, method: 'PUT', body: { name } },
          { version, overrides },
        ),
      // A refusal may mean the views changed meanwhile (another admin deleted this one).
      invalidatesTags: auditedWrite(viewsOf, viewsOf),
    }),
    deleteSavedView: build.mutation<
      MessageResponse,
      { id: string; screen: SavedViewScreen } & Versioned
    >({
      query: ({ id, version, overrides }) =>
        versioned({ url: `/admin/saved-views/${id}`, method: 'DELETE' }, { version, overrides }),
      invalidatesTags: auditedWrite(viewsOf, viewsOf),
    }),
  }),
});

export const {
  useListSavedViewsQuery,
  useCreateSavedViewMutation,
  useRenameSavedViewMutation,
  useDeleteSavedViewMutation,
} = savedViewsApi;
