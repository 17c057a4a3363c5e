import { api } from '../../api/api';
import type {
  CreateStaticContentRequest,
  MessageResponse,
  StaticContentListResponse,
  StaticContentQuery,
  StaticContentResponse,
  UpdateStaticContentRequest,
} from '../../api/types';

const LIST = { type: 'StaticContent' as const, id: 'LIST' };

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStaticContent: build.query<StaticContentListResponse, StaticContentQuery>({
      query: (params) => ({ url: '/static', params }),
      providesTags: (result) => [
        LIST,
        ...(result?.data ?? []).map((row) => ({ type: 'StaticContent' as const, id: row.slug })),
      ],
    }),
    /** The editor screen reads one page by its slug. */
    getStaticPage: build.query<StaticContentListResponse, string>({
      query: (slug) => ({ url: '/static', params: { slug } }),
      providesTags: (_result, _error, slug) => [{ type: 'StaticContent', id: slug }],
    }),
    createStaticContent: build.mutation<StaticContentResponse, CreateStaticContentRequest>({
      query: (body) => ({ url: '/static', method: 'POST', body }),
      invalidatesTags: (_result, error) =>
        error ? [] : [LIST, { type: 'ActivityLog', id: 'LIST' }],
    }),
    updateStaticContent: build.mutation<
      StaticContentResponse,
      { slug: string; body: UpdateStaticContentRequest }
    >({
      query: ({ slug, body }) => ({ url: '/static', method: 'PUT', params: { slug }, body }),
      // A status or type change can move the row in or out of a filtered list.
      invalidatesTags: (_result, error, { slug }) =>
        error
          ? []
          : [LIST, { type: 'StaticContent', id: slug }, { type: 'ActivityLog', id: 'LIST' }],
    }),
    deleteStaticContent: build.mutation<MessageResponse, string>({
      query: (slug) => ({ url: '/static', method: 'DELETE', params: { slug } }),
      invalidatesTags: (_result, error, slug) =>
        error
          ? []
          : [LIST, { type: 'StaticContent', id: slug }, { type: 'ActivityLog', id: 'LIST' }],
    }),
  }),
});

export const {
  useListStaticContentQuery,
  useGetStaticPageQuery,
  useCreateStaticContentMutation,
  useUpdateStaticContentMutation,
  useDeleteStaticContentMutation,
} = contentApi;
