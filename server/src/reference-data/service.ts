/**
 * The one module behind the six reference lists (configured by ./config.ts): list with search and
 * paging, create, rename, activate/deactivate, replace a cuisine's image, delete a booking type.
 * Counts are computed from the data on every read, never stored.
 */
import { and, desc, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  images,
  menuItemIngredients,
  menuItems,
  referenceItems,
  restaurantReferences,
  userReferences,
} from '../db/schema.js';
import { change, recordChange } from '../lib/audit.js';
import type { FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { checkImage, imageUrl, storeImage } from '../lib/images.js';
import type { UploadedFile } from '../lib/multipart.js';
import { iso, likePattern } from '../lib/paging.js';
import type { CountsKind, ReferenceConfig } from './config.js';

const item = referenceItems;
const countOf = (query: SQL) => sql<number>`(${query})`.mapWith(Number);

export function countColumns(counts: CountsKind): Record<string, SQL<number>> {
  const restaurantRefs = countOf(
    sql`select count(*)::int from ${restaurantReferences} where ${restaurantReferences.itemId} = ${item.id}`,
  );
  switch (counts) {
    case 'categoryDishes':
      return {
        restaurantCount: countOf(
          sql`select count(distinct ${menuItems.restaurantId})::int from ${menuItems} where ${menuItems.categoryId} = ${item.id}`,
        ),
        dishesCount: countOf(
          sql`select count(*)::int from ${menuItems} where ${menuItems.categoryId} = ${item.id}`,
        ),
      };
    case 'ingredientDishes':
      return {
        restaurantCount: countOf(
          sql`select count(distinct ${menuItems.restaurantId})::int from ${menuItemIngredients}
              join ${menuItems} on ${menuItems.id} = ${menuItemIngredients.menuItemId}
              where ${menuItemIngredients.ingredientId} = ${item.id}`,
        ),
        dishesCount: countOf(
          sql`select count(distinct ${menuItemIngredients.menuItemId})::int from ${menuItemIngredients}
              where ${menuItemIngredients.ingredientId} = ${item.id}`,
        ),
      };
    case 'restaurantsAndUsers':
      return {
        restaurantCount: restaurantRefs,
        userCount: countOf(
          sql`select count(*)::int from ${userReferences} where ${userReferences.itemId} = ${item.id}`,
        ),
      };
    case 'restaurants':
      return { restaurantCount: restaurantRefs };
    case 'none':
      return {};
  }
}

type Row = typeof referenceItems.$inferSelect & Record<string, unknown>;

/** The entity as the contract shows it for this list. */
function toEntity(config: ReferenceConfig, row: Row) {
  const { id, kind: _kind, name, status, imageId, addedById: _by, createdAt, ...counts } = row;
  return {
    _id: id,
    name,
    createdAt: iso(createdAt),
    ...counts,
    ...(config.hasStatus ? { status } : {}),
    ...(config.hasImage ? { image: imageId ? imageUrl(imageId) : null } : {}),
  };
}

// The handlers are typed by the contract; the entity's shape is decided by the configuration.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Entity = any;

async function selectRows(
  db: Db,
  config: ReferenceConfig,
  where: SQL | undefined,
  skip = 0,
  limit?: number,
) {
  const query = db
    .select({
      id: item.id,
      kind: item.kind,
      name: item.name,
      status: item.status,
      imageId: item.imageId,
      addedById: item.addedById,
      createdAt: item.createdAt,
      ...countColumns(config.counts),
    })
    .from(item)
    .where(and(eq(item.kind, config.kind), where))
    .orderBy(desc(item.createdAt), desc(item.id))
    .offset(skip);
  return (limit === undefined ? await query : await query.limit(limit)) as Row[];
}

/** A list's search (name contains the text), for the list and its export. */
export function referenceSearch(search: string | undefined): SQL | undefined {
  const pattern = likePattern(search);
  return pattern ? ilike(item.name, pattern) : undefined;
}

export type ListQuery = { skip?: number; limit?: number; search?: string; page?: number };

export async function listItems(db: Db, config: ReferenceConfig, query: ListQuery) {
  const limit = query.limit ?? 10;
  // `page` (1-based) is the alternative the ingredients call may send instead of skip.
  const skip = query.page && !query.skip ? (query.page - 1) * limit : (query.skip ?? 0);
  const where = referenceSearch(query.search);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db, config, where, skip, limit),
    db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(item)
      .where(and(eq(item.kind, config.kind), where)),
  ]);
  return {
    success: true,
    message: `${config.label} list fetched successfully`,
    count: total,
    data: rows.map((row) => toEntity(config, row)) as Entity[],
  };
}

async function findItem(db: Db, config: ReferenceConfig, id: string) {
  const [row] = await selectRows(db, config, eq(item.id, id));
  if (!row) throw notFound(`${config.label} not found`);
  return row;
}

function cleanName(config: ReferenceConfig, raw: string | undefined): string {
  const name = raw?.trim();
  if (!name) throw badRequest(config.nameRequired);
  return name;
}

async function assertNameFree(db: Db, config: ReferenceConfig, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: item.id })
    .from(item)
    .where(
      and(
        eq(item.kind, config.kind),
        sql`lower(${item.name}) = lower(${name})`,
        exceptId ? ne(item.id, exceptId) : undefined,
      ),
    );
  if (taken) throw duplicate(config, name);
}

const duplicate = (config: ReferenceConfig, name: string) =>
  conflict(`A ${config.label.toLowerCase()} named "${name}" already exists`);

/** A unique violation that slipped past the check (two requests at once) is still a 409. */
async function mapUniqueViolation<T>(
  config: ReferenceConfig,
  name: string | undefined,
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505' && name) throw duplicate(config, name);
    throw error;
  }
}

export type WriteInput = {
  name?: string;
  status?: boolean;
  image?: UploadedFile;
  request: FastifyRequest;
};

export async function createItem(db: Db, config: ReferenceConfig, input: WriteInput) {
  const name = cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  await assertNameFree(db, config, name);
  const id = await mapUniqueViolation(config, name, () =>
    db.transaction(async (tx) => {
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const [row] = await tx
        .insert(item)
        .values({
          kind: config.kind,
          name,
          status: true,
          imageId: image?.id ?? null,
          addedById: input.request.user.id,
        })
        .returning({ id: item.id });
      await recordChange(tx, {
        request: input.request,
        action: 'reference.create',
        entity: { type: config.kind, id: row.id, name },
        changes: [
          change('name', null, name),
          ...(image ? [change('image', null, `/api/v1/images/${image.id}`)] : []),
        ],
      });
      return row.id;
    }),
  );
  return {
    success: true,
    message: config.created,
    data: toEntity(config, await findItem(db, config, id)) as Entity,
  };
}

export async function updateItem(db: Db, config: ReferenceConfig, id: string, input: WriteInput) {
  await findItem(db, config, id);
  const name = input.name === undefined ? undefined : cleanName(config, input.name);
  if (input.image) checkImage(input.image);
  if (name !== undefined) await assertNameFree(db, config, name, id);
  await mapUniqueViolation(config, name, () =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(item).where(eq(item.id, id)).for('update');
      if (!before) throw notFound(`${config.label} not found`);
      const image = input.image ? await storeImage(tx, input.image) : undefined;
      const status = input.status !== undefined && config.hasStatus ? input.status : undefined;
      const changes = [
        ...(name !== undefined ? [change('name', before.name, name)] : []),
        ...(status !== undefined ? [change('status', before.status, status)] : []),
        ...(image
          ? [
              change(
                'image',
                before.imageId && `/api/v1/images/${before.imageId}`,
                `/api/v1/images/${image.id}`,
              ),
            ]
          : []),
      ];
      const onlyStatus = status !== undefined && name === undefined && !image;
      const recorded = await recordChange(tx, {
        request: input.request,
        action: onlyStatus ? 'reference.status' : 'reference.update',
        entity: { type: config.kind, id, name: name ?? before.name },
        changes,
      });
      if (!recorded) return;
      await tx
        .update(item)
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(status !== undefined ? { status } : {}),
          ...(image ? { imageId: image.id } : {}),
        })
        .where(eq(item.id, id));
      // The replaced image belonged to this entry alone.
      if (image && before.imageId) await tx.delete(images).where(eq(images.id, before.imageId));
    }),
  );
  return {
    success: true,
    message: config.updated,
    data: toEntity(config, await findItem(db, config, id)) as Entity,
  };
}

export async function deleteItem(
  db: Db,
  config: ReferenceConfig,
  id: string,
  request: FastifyRequest,
  message: string,
) {
  const current = await findItem(db, config, id);
  await db.transaction(async (tx) => {
    await tx.delete(item).where(eq(item.id, id));
    if (current.imageId) await tx.delete(images).where(eq(images.id, current.imageId));
    await recordChange(tx, {
      request,
      action: 'reference.delete',
      entity: { type: config.kind, id, name: current.name },
      changes: [change('name', current.name, null)],
    });
  });
  return { success: true, message };
}
