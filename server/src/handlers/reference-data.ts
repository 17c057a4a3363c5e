/**
 * The six reference lists' operations, one workflow driven by each list's configuration
 * (reference-data/config.ts); their SQL is queries/reference-data.ts. Create, rename,
 * activate/deactivate, replace a cuisine's image, delete a booking type.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import { pageOf } from '../db/paged.js';
import { change, recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { checkImage, imageUrl, storeImage } from '../lib/images.js';
import { uploadedFile, type UploadedFile } from '../lib/multipart.js';
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
import { REFERENCE_CONFIG as C, type ReferenceConfig } from '../reference-data/config.js';
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

async function listItems(db: Db, config: ReferenceConfig, query: ListQuery) {
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

async function findItem(db: Db, config: ReferenceConfig, id: string) {
  const row = await referenceItemById(db, config, id);
  if (!row) throw notFound(`${config.label} not found`);
  return row;
}

function cleanName(config: ReferenceConfig, raw: string | undefined): string {
  const name = raw?.trim();
  if (!name) throw badRequest(config.nameRequired);
  return name;
}

const duplicateMessage = (config: ReferenceConfig, name: string) =>
  `A ${config.label.toLowerCase()} named "${name}" already exists`;

async function assertNameFree(db: Db, config: ReferenceConfig, name: string, exceptId?: string) {
  if (await isReferenceNameTaken(db, config, name, exceptId))
    throw conflict(duplicateMessage(config, name));
}

/** A unique violation that slipped past the check (two requests at once) is still a 409. */
const orDuplicate = <T>(config: ReferenceConfig, name: string | undefined, write: Promise<T>) =>
  name === undefined ? write : conflictOnDuplicate(write, duplicateMessage(config, name));

async function createItem(db: Db, config: ReferenceConfig, input: WriteInput) {
  const name = cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  await assertNameFree(db, config, name);
  const id = await orDuplicate(
    config,
    name,
    db.transaction(async (tx) => {
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const id = await insertReferenceItem(tx, {
        kind: config.kind,
        name,
        status: true,
        imageId: image?.id ?? null,
        addedById: input.request.user.id,
      });
      await recordChange(tx, {
        request: input.request,
        action: 'reference.create',
        entity: { type: config.kind, id, name },
        changes: [change('name', null, name), ...(image ? [change('image', null, image.url)] : [])],
      });
      return id;
    }),
  );
  return {
    success: true,
    message: config.created,
    data: referenceView(config, await findItem(db, config, id)) as Entity,
  };
}

async function updateItem(db: Db, config: ReferenceConfig, id: string, input: WriteInput) {
  await findItem(db, config, id);
  const name = input.name === undefined ? undefined : cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  if (name !== undefined) await assertNameFree(db, config, name, id);
  await orDuplicate(
    config,
    name,
    db.transaction(async (tx) => {
      const before = await lockReferenceItem(tx, id);
      if (!before) throw notFound(`${config.label} not found`);
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const status = input.status !== undefined && config.hasStatus ? input.status : undefined;
      const changes = [
        ...(name !== undefined ? [change('name', before.name, name)] : []),
        ...(status !== undefined ? [change('status', before.status, status)] : []),
        ...(image ? [change('image', before.imageId && imageUrl(before.imageId), image.url)] : []),
      ];
      const onlyStatus = status !== undefined && name === undefined && !image;
      const recorded = await recordChange(tx, {
        request: input.request,
        action: onlyStatus ? 'reference.status' : 'reference.update',
        entity: { type: config.kind, id, name: name ?? before.name },
        changes,
      });
      if (!recorded) return;
      await updateReferenceItem(tx, before, {
        ...(name !== undefined ? { name } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(image ? { imageId: image.id } : {}),
      });
    }),
  );
  return {
    success: true,
    message: config.updated,
    data: referenceView(config, await findItem(db, config, id)) as Entity,
  };
}

async function deleteItem(
  db: Db,
  config: ReferenceConfig,
  id: string,
  request: FastifyRequest,
  message: string,
) {
  const current = await findItem(db, config, id);
  await db.transaction(async (tx) => {
    await deleteReferenceItem(tx, current);
    await recordChange(tx, {
      request,
      action: 'reference.delete',
      entity: { type: config.kind, id, name: current.name },
      changes: [change('name', current.name, null)],
    });
  });
  return { success: true, message };
}

/** The cuisine form's image: a file part, or nothing (a text value is refused). */
function imageOf(req: FastifyRequest, body: { image?: unknown }) {
  const file = uploadedFile(req, 'image');
  if (!file && typeof body.image === 'string' && body.image !== '') {
    throw badRequest('The image must be sent as a file');
  }
  return file;
}

export const referenceDataHandlers: Handlers = {
  listBookingTypes: (req) => listItems(req.server.db, C.bookingType, req.query),
  listAdminBookingTypes: (req) => listItems(req.server.db, C.bookingType, req.query),
  createBookingType: async (req, reply) => {
    return reply
      .code(201)
      .send(await createItem(req.server.db, C.bookingType, { name: req.body.name, request: req }));
  },
  updateBookingType: (req) =>
    updateItem(req.server.db, C.bookingType, req.params.id, {
      name: req.body.name,
      request: req,
    }),
  deleteBookingType: (req) =>
    deleteItem(
      req.server.db,
      C.bookingType,
      req.params.id,
      req,
      'Booking type deleted successfully',
    ),

  listCategories: (req) => listItems(req.server.db, C.category, req.query),
  createCategory: async (req, reply) => {
    return reply
      .code(201)
      .send(await createItem(req.server.db, C.category, { name: req.body.name, request: req }));
  },
  updateCategory: (req) =>
    updateItem(req.server.db, C.category, req.params.id, { ...req.body, request: req }),

  listIngredients: (req) => listItems(req.server.db, C.ingredient, req.query),
  createIngredient: async (req, reply) => {
    return reply
      .code(201)
      .send(await createItem(req.server.db, C.ingredient, { name: req.body.name, request: req }));
  },
  updateIngredient: (req) =>
    updateItem(req.server.db, C.ingredient, req.params.id, { ...req.body, request: req }),

  listAllergies: (req) => listItems(req.server.db, C.allergy, req.query),
  createAllergy: async (req, reply) => {
    return reply
      .code(201)
      .send(await createItem(req.server.db, C.allergy, { name: req.body.name, request: req }));
  },
  updateAllergy: (req) =>
    updateItem(req.server.db, C.allergy, req.params.id, { ...req.body, request: req }),

  listDietaries: (req) => listItems(req.server.db, C.dietary, req.query),
  createDietary: async (req, reply) => {
    return reply
      .code(201)
      .send(await createItem(req.server.db, C.dietary, { name: req.body.name, request: req }));
  },
  updateDietary: (req) =>
    updateItem(req.server.db, C.dietary, req.params.id, { ...req.body, request: req }),

  listCuisines: (req) => listItems(req.server.db, C.cuisine, req.query),
  createCuisine: async (req, reply) => {
    const image = imageOf(req, req.body);
    const result = await createItem(req.server.db, C.cuisine, {
      name: req.body.name,
      image,
      request: req,
    });
    return reply.code(201).send(result);
  },
  updateCuisine: (req) => {
    const body = req.body as { name?: string; status?: boolean; image?: string };
    const image = imageOf(req, body);
    return updateItem(req.server.db, C.cuisine, req.params.id, {
      name: body.name,
      status: body.status,
      image,
      request: req,
    });
  },
};
