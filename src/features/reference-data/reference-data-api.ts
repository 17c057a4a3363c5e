/**
 * Endpoints of the reference lists, one set driven by the registry (common/reference-lists.ts):
 * each call goes to the paths of its list's entry, cached under the list's key as its tag.
 */
import {
  itemPath,
  REFERENCE_LISTS,
  type ReferenceListKey,
  type ReferenceOperationId,
} from '../../../common/reference-lists';
import type { operations } from '../../../openapi/schema';
import { api } from '../../api/api';
import { auditedWrite, listTag, listTags } from '../../api/cache-tags';
import type { MessageResponse } from '../../api/types';
import { versioned, type Versioned } from '../../api/versions';

/** The JSON body of an operation's answer with this status code. */
type AnswerBody<Operation, Code extends number> = Operation extends {
  responses: { [C in Code]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
/** The contract's answer of a list's operation (list and update: 200; create: 201). */
type AnswerOf<K extends ReferenceListKey, Op extends 'list' | 'create' | 'update'> = AnswerBody<
  operations[ReferenceOperationId<K, Op>],
  Op extends 'create' ? 201 : 200
>;

/** A row of any reference list, as the contract's list answers give it. */
export type ReferenceRow = {
  [K in ReferenceListKey]: AnswerOf<K, 'list'>['data'][number];
}[ReferenceListKey];

type ListAnswer = MessageResponse & { count: number; data: ReferenceRow[] };
type ItemAnswer = MessageResponse & { data: ReferenceRow };

/** `true`, or the key of a list whose contract answers are not the endpoints' shapes. */
type Conforms = {
  [K in ReferenceListKey]: [
    AnswerOf<K, 'list'>,
    AnswerOf<K, 'create'>,
    AnswerOf<K, 'update'>,
  ] extends [ListAnswer, ItemAnswer, ItemAnswer]
    ? true
    : K;
}[ReferenceListKey];
/** Compiles only when every list conforms (the error names the list that does not). */
type Checked<Lists extends true, Answer> = Lists extends true ? Answer : never;

type ReferenceListResponse = Checked<Conforms, ListAnswer>;
type ReferenceItemResponse = Checked<Conforms, ItemAnswer>;

interface ReferenceListArgs {
  entity: ReferenceListKey;
  skip: number;
  limit: number;
  search?: string;
  addedById?: string;
}

interface ReferenceFields {
  entity: ReferenceListKey;
  name?: string;
  status?: boolean;
  /** Lists with an image: a new image file. */
  image?: File | null;
}
/** A create (no id), or a change of the item `id` read at `version`. */
type ReferenceWriteArgs =
  (ReferenceFields & { id?: undefined }) | (ReferenceFields & { id: string } & Versioned);

/** The body the list's endpoint takes: form-encoded, JSON, or (lists with an image) multipart. */
function bodyOf({ entity, name, status, image }: ReferenceFields) {
  const { encoding } = REFERENCE_LISTS[entity];
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
      query: ({ entity, ...params }) => ({
        url: REFERENCE_LISTS[entity].operations.list.path,
        params,
      }),
      providesTags: (result, _error, { entity }) => listTags(entity, result?.data),
    }),
    saveReferenceItem: build.mutation<ReferenceItemResponse, ReferenceWriteArgs>({
      query: (args) => {
        const list = REFERENCE_LISTS[args.entity];
        const request = {
          url: args.id ? itemPath(list.operations.update, args.id) : list.operations.create.path,
          method: args.id ? 'PUT' : 'POST',
          body: bodyOf(args),
          ...(list.encoding === 'form' && args.status === undefined
            ? { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }
            : {}),
        };
        return args.id ? versioned(request, args) : request;
      },
      // A rename or toggle changes one row; a new entry changes the list.
      invalidatesTags: auditedWrite(({ entity, id }) => [{ type: entity, id: id ?? 'LIST' }]),
    }),
    deleteReferenceItem: build.mutation<
      MessageResponse,
      { entity: ReferenceListKey; id: string } & Versioned
    >({
      query: ({ entity, id, ...version }) => {
        const remove = REFERENCE_LISTS[entity].operations.delete;
        if (!remove) throw new Error(`The ${entity} list has no delete operation`);
        return versioned({ url: itemPath(remove, id), method: 'DELETE' }, version);
      },
      invalidatesTags: auditedWrite(({ entity }) => [listTag(entity)]),
    }),
  }),
});

export const {
  useListReferenceItemsQuery,
  useSaveReferenceItemMutation,
  useDeleteReferenceItemMutation,
} = referenceDataApi;
