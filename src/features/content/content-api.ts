import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import { versioned, type Versioned } from '../../api/versions';
import type {
  CreateStaticContentRequest,
  MessageResponse,
  StaticContentListResponse,
  StaticContentQuery,
  StaticContentResponse,
  UpdateStaticContentRequest,
} from '../../api/types';

const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStaticContent: build.query<StaticContentListResponse, StaticContentQuery>({
      query: (params) => ({ url: '/static', params }),
      providesTags: (result) => listTags('StaticContent', result?.data, (row) => row.slug),
    }),
    /**
     * The editor screen reads one page by its slug; tagged by its id too, which a colleague's
     * change on the live stream names.
     */
    getStaticPage: build.query<StaticContentListResponse, string>({
      query: (slug) => ({ url: '/static', params: { slug } }),
      providesTags: (result, _error, slug) => [
        { type: 'StaticContent', id: slug },
        ...(result?.data ?? []).map((row) => ({ type: 'StaticContent' as const, id: row._id })),
      ],
    }),
    createStaticContent: build.mutation<StaticContentResponse, CreateStaticContentRequest>({
      query: (body) => ({ url: '/static', method: 'POST', body }),
      invalidatesTags: auditedWrite(() => [listTag('StaticContent')]),
    }),
    updateStaticContent: build.mutation<
      StaticContentResponse,
      { slug: string; body: UpdateStaticContentRequest } & Versioned
    >({
      query: ({ slug, body, ...version }) =>
        versioned({ url: '/static', method: 'PUT', params: { slug }, body }, version),
      // A status or type change can move the row in or out of a filtered list.
      invalidatesTags: auditedWrite(({ slug }) => [
        listTag('StaticContent'),
        { type: 'StaticContent', id: slug },
      ]),
    }),
    deleteStaticContent: build.mutation<MessageResponse, { slug: string } & Versioned>({
      query: ({ slug, ...version }) =>
        versioned({ url: '/static', method: 'DELETE', params: { slug } }, version),
      invalidatesTags: auditedWrite(({ slug }) => [
        listTag('StaticContent'),
        { type: 'StaticContent', id: slug },
      ]),
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
