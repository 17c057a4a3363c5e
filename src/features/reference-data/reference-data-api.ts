/** Endpoints of the six reference lists, one set driven by the entity configuration. */
import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import type { MessageResponse } from '../../api/types';
import type { ReferenceEntityKey } from './reference-entity';
import { REFERENCE_ENTITIES, type ReferenceRow } from './entities';

type ReferenceListResponse = MessageResponse & { count: number; data: ReferenceRow[] };
type ReferenceItemResponse = MessageResponse & { data: ReferenceRow };

interface ReferenceListArgs {
  entity: ReferenceEntityKey;
  skip: number;
  limit: number;
  search?: string;
  addedById?: string;
}

interface ReferenceWriteArgs {
  entity: ReferenceEntityKey;
  /** Absent for a create. */
  id?: string;
  name?: string;
  status?: boolean;
  /** Cuisines only: a new image file. */
  image?: File | null;
}

/** The body the entity's endpoint takes: form-encoded, JSON, or (cuisine form) multipart. */
function bodyOf({ entity, name, status, image }: ReferenceWriteArgs) {
  const { encoding } = REFERENCE_ENTITIES[entity];
  // The Activate/Deactivate button always sends JSON {status} (spec 02 §7).
  if (status !== undefined) return { status };
  // Sent as text with its type, so no fetch implementation has to recognise URLSearchParams.
  if (encoding === 'form') return new URLSearchParams({ name: name ?? '' }).toString();
  if (encoding === 'multipart') {
    const form = new FormData();
    form.append('name', name ?? '');
    if (image) form.append('image', image);
    return form;
  }
  return { name };
}

const referenceDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    listReferenceItems: build.query<ReferenceListResponse, ReferenceListArgs>({
      query: ({ entity, ...params }) => ({ url: REFERENCE_ENTITIES[entity].listUrl, params }),
      providesTags: (result, _error, { entity }) =>
        listTags(REFERENCE_ENTITIES[entity].tag, result?.data),
    }),
    saveReferenceItem: build.mutation<ReferenceItemResponse, ReferenceWriteArgs>({
      query: (args) => {
        const config = REFERENCE_ENTITIES[args.entity];
        return {
          url: args.id ? config.itemUrl(args.id) : config.createUrl,
          method: args.id ? 'PUT' : 'POST',
          body: bodyOf(args),
          ...(config.encoding === 'form' && args.status === undefined
            ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
            : {}),
        };
      },
      // A rename or toggle changes one row; a new entry changes the list.
      invalidatesTags: auditedWrite(({ entity, id }) => [
        { type: REFERENCE_ENTITIES[entity].tag, id: id ?? 'LIST' },
      ]),
    }),
    deleteReferenceItem: build.mutation<
      MessageResponse,
      { entity: ReferenceEntityKey; id: string }
    >({
      query: ({ entity, id }) => ({
        url: REFERENCE_ENTITIES[entity].itemUrl(id),
        method: 'DELETE',
      }),
      invalidatesTags: auditedWrite(({ entity }) => [listTag(REFERENCE_ENTITIES[entity].tag)]),
    }),
  }),
});

export const {
  useListReferenceItemsQuery,
  useSaveReferenceItemMutation,
  useDeleteReferenceItemMutation,
} = referenceDataApi;
