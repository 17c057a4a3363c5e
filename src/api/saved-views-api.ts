/** Saved views of the list screens (shared by every admin): list by screen, create, rename, delete. */
import { api } from './api';
import type {
  CreateSavedViewRequest,
  MessageResponse,
  SavedViewListResponse,
  SavedViewResponse,
  SavedViewScreen,
} from './types';

const listTag = (screen: SavedViewScreen) => ({ type: 'SavedView' as const, id: screen });

export const savedViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSavedViews: build.query<SavedViewListResponse, SavedViewScreen>({
      query: (screen) => ({ url: '/admin/saved-views', params: { screen } }),
      providesTags: (_result, _error, screen) => [listTag(screen)],
    }),
    createSavedView: build.mutation<SavedViewResponse, CreateSavedViewRequest>({
      query: (body) => ({ url: '/admin/saved-views', method: 'POST', body }),
      invalidatesTags: (_result, error, { screen }) => (error ? [] : [listTag(screen)]),
    }),
    renameSavedView: build.mutation<
      SavedViewResponse,
      { id: string; name: string; screen: SavedViewScreen }
    >({
      query: ({ id, name }) => ({ url: `/admin/saved-views/${id}`, method: 'PUT', body: { name } }),
      invalidatesTags: (_result, _error, { screen }) => [listTag(screen)],
    }),
    deleteSavedView: build.mutation<MessageResponse, { id: string; screen: SavedViewScreen }>({
      query: ({ id }) => ({ url: `/admin/saved-views/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { screen }) => [listTag(screen)],
    }),
  }),
});

export const {
  useListSavedViewsQuery,
  useCreateSavedViewMutation,
  useRenameSavedViewMutation,
  useDeleteSavedViewMutation,
} = savedViewsApi;
