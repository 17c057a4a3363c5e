/**
 * The reference lists' operations, one workflow driven by each list's entry in
 * common/reference-lists.ts (which also names the operations); their SQL is
 * queries/reference-data.ts. Create, rename, activate/deactivate, replace an image (lists with
 * one), delete (lists with a delete operation).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceList,
} from '../../../common/reference-lists.js';
import type { Db } from '../db/client.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import { pageOf } from '../db/paged.js';
import { change, effective, recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { checkImage, imageUrl } from '../lib/images.js';
import { storeImage } from '../queries/images.js';
import { uploadedFile, type UploadedFile } from '../lib/multipart.js';
import { setETag } from '../lib/versions.js';
import {
  deleteReferenceItem,
  insertReferenceItem,
  isReferenceNameTaken,
  listReferenceItems,
  lockReferenceItem,
  referenceItemById,
  referenceView,
  updateReferenceItem,
} from '../queries/reference-data.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';

// The handlers are typed by the contract; the entity's shape is decided by the configuration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Entity = any;

type ListQuery = { skip?: number; limit?: number; search?: string; page?: number };

type WriteInput = {
  name?: string;
  status?: boolean;
  image?: UploadedFile;
  request: FastifyRequest;
};

async function listItems(db: Db, config: ReferenceList, query: ListQuery) {
  const { limit } = pageOf(query);
  // `page` (1-based) is the alternative the ingredients call may send instead of skip.
  const skip = query.page && !query.skip ? (query.page - 1) * limit : (query.skip ?? 0);
  const { total, data } = await listReferenceItems(db, config, {
    skip,
    limit,
    search: query.search,
  });
  return {
    success: true,
    message: `${config.label} list fetched successfully`,
    count: total,
    data: data as Entity[],
  };
}

async function findItem(db: Pick<Db, 'select'>, config: ReferenceList, id: string) {
  const row = await referenceItemById(db, config, id);
  if (!row) throw notFound(`${config.label} not found`);
  return row;
}

function cleanName(config: ReferenceList, raw: string | undefined): string {
  const name = raw?.trim();
  if (!name) throw badRequest(config.texts.nameRequired);
  return name;
}

const duplicateMessage = (config: ReferenceList, name: string) =>
  `A ${config.label.toLowerCase()} named "${name}" already exists`;

async function assertNameFree(db: Db, config: ReferenceList, name: string, exceptId?: string) {
  if (await isReferenceNameTaken(db, config, name, exceptId))
    throw conflict(duplicateMessage(config, name));
}

/** A unique violation that slipped past the check (two requests at once) is still a 409. */
const orDuplicate = <T>(config: ReferenceList, name: string | undefined, write: Promise<T>) =>
  name === undefined ? write : conflictOnDuplicate(write, duplicateMessage(config, name));

async function createItem(db: Db, config: ReferenceList, input: WriteInput) {
  const name = cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  await assertNameFree(db, config, name);
  const id = await orDuplicate(
    config,
    name,
    db.transaction(async (tx) => {
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const id = await insertReferenceItem(tx, {
        kind: config.key,
        name,
        status: true,
        imageId: image?.id ?? null,
        addedById: input.request.user.id,
      });
      await recordChange(tx, {
        request: input.request,
        action: 'reference.create',
        entity: { type: config.key, id, name },
        version: 1,
        changes: [change('name', null, name), ...(image ? [change('image', null, image.url)] : [])],
      });
      return id;
    }),
  );
  return {
    success: true,
    message: config.messages.created,
    data: referenceView(config, await findItem(db, config, id)) as Entity,
  };
}

/** The entry locked for a change, after the check of If-Match against its version. */
async function lockChecked(tx: Db, config: ReferenceList, id: string, request: FastifyRequest) {
  const before = await lockReferenceItem(tx, id);
  if (!before || before.kind !== config.key) throw notFound(`${config.label} not found`);
  const record = { type: config.key, id, version: before.version };
  await checkVersion(tx, request, record, async () =>
    referenceView(config, await findItem(tx, config, id)),
  );
  return before;
}

async function updateItem(
  db: Db,
  config: ReferenceList,
  id: string,
  input: WriteInput,
  reply: FastifyReply,
) {
  await findItem(db, config, id);
  const name = input.name === undefined ? undefined : cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  if (name !== undefined) await assertNameFree(db, config, name, id);
  await orDuplicate(
    config,
    name,
    db.transaction(async (tx) => {
      const before = await lockChecked(tx, config, id, input.request);
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const status = input.status !== undefined && config.hasStatus ? input.status : undefined;
      const changes = effective([
        ...(name !== undefined ? [change('name', before.name, name)] : []),
        ...(status !== undefined ? [change('status', before.status, status)] : []),
        ...(image ? [change('image', before.imageId && imageUrl(before.imageId), image.url)] : []),
      ]);
      if (!changes.length) return;
      const version = await updateReferenceItem(tx, before, {
        ...(name !== undefined ? { name } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(image ? { imageId: image.id } : {}),
      });
      const onlyStatus = status !== undefined && name === undefined && !image;
      await recordChange(tx, {
        request: input.request,
        action: onlyStatus ? 'reference.status' : 'reference.update',
        entity: { type: config.key, id, name: name ?? before.name },
        version,
        changes,
      });
    }),
  );
  const data = referenceView(config, await findItem(db, config, id));
  setETag(reply, data.version);
  return { success: true, message: config.messages.updated, data: data as Entity };
}

async function deleteItem(db: Db, config: ReferenceList, id: string, request: FastifyRequest) {
  await findItem(db, config, id);
  await db.transaction(async (tx) => {
    const current = await lockChecked(tx, config, id, request);
    await deleteReferenceItem(tx, current);
    await recordChange(tx, {
      request,
      action: 'reference.delete',
      entity: { type: config.key, id, name: current.name },
      version: null,
      changes: [change('name', current.name, null)],
    });
  });
  return { success: true, message: config.messages.deleted };
}

/** The cuisine form's image: a file part, or nothing (a text value is refused). */
function imageOf(req: FastifyRequest, body: { image?: unknown }) {
  const file = uploadedFile(req, 'image');
  if (!file && typeof body.image === 'string' && body.image !== '') {
    throw badRequest('The image must be sent as a file');
  }
  return file;
}

type Request = FastifyRequest<{
  Body: { name?: string; status?: boolean; image?: unknown };
  Querystring: ListQuery;
  Params: { id: string };
}>;

/** What a create or an update sends: the name, the status (lists with one), the image (lists with one). */
function writeInput(config: ReferenceList, req: Request): WriteInput {
  const body = req.body ?? {};
  return {
    name: body.name,
    status: config.hasStatus ? body.status : undefined,
    image: config.hasImage ? imageOf(req, body) : undefined,
    request: req,
  };
}

/** A list's operations, by the operationIds its entry gives. */
function listHandlers(config: ReferenceList) {
  const { list, create, update, delete: remove, adminList } = config.operations;
  const listHandler = (req: Request) => listItems(req.server.db, config, req.query);
  return {
    [list.operationId]: listHandler,
    ...(adminList ? { [adminList.operationId]: listHandler } : {}),
    [create.operationId]: async (req: Request, reply: FastifyReply) =>
      reply.code(201).send(await createItem(req.server.db, config, writeInput(config, req))),
    [update.operationId]: (req: Request, reply: FastifyReply) =>
      updateItem(req.server.db, config, req.params.id, writeInput(config, req), reply),
    ...(remove
      ? {
          [remove.operationId]: (req: Request) =>
            deleteItem(req.server.db, config, req.params.id, req),
        }
      : {}),
  };
}

// Each handler's request is the one its operation's contract validated (typed by Request).
export const referenceDataHandlers = Object.assign(
  {},
  ...REFERENCE_LIST_KEYS.map((key) => listHandlers(REFERENCE_LISTS[key])),
) as Handlers;
