/**
 * Saved views: a list screen's search and filters under a name, shared by every admin. Names
 * are trimmed and unique per screen ignoring case; every write goes through the audit trail.
 */
import type { Db } from '../db/client.js';
import { conflictOnDuplicate } from '../db/pg-error.js';
import { recordChange } from '../lib/audit.js';
import { badRequest, conflict, notFound } from '../lib/http-error.js';
import { setETag } from '../lib/versions.js';
import { checkFilters, type Filters, type Screen } from '../lib/saved-view-filters.js';
import {
  deleteView,
  insertView,
  isNameTaken,
  listViews,
  lockScreen,
  lockView,
  renameView,
  restaurantsOf,
  viewById,
} from '../queries/saved-views.js';
import { checkVersion } from '../queries/versions.js';
import type { Handlers } from './types.js';

/** Views one screen may hold, so that its select stays usable and the list needs no paging. */
export const MAX_VIEWS_PER_SCREEN = 100;
const DUPLICATE = 'A view with this name already exists';

function cleanName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest('Name is required');
  if (name.length > 60) throw badRequest('Name must be at most 60 characters');
  return name;
}

/** 409 when another view of the screen has this name, ignoring case. */
async function assertFreeName(
  db: Pick<Db, 'select'>,
  screen: Screen,
  name: string,
  except?: string,
) {
  if (await isNameTaken(db, screen, name, except)) throw conflict(DUPLICATE);
}

const entity = (id: string, name: string) => ({ type: 'saved_view', id, name });
const viewRecord = (view: { id: string; version: number }) => ({
  type: 'saved_view',
  id: view.id,
  version: view.version,
});

export const savedViewsHandlers: Handlers = {
  async listSavedViews(req) {
    const data = await listViews(req.server.db, req.query.screen);
    return { success: true, message: 'Saved views fetched successfully', count: data.length, data };
  },

  async createSavedView(req, reply) {
    const { screen } = req.body;
    const name = cleanName(req.body.name);
    const db = req.server.db;
    const filters: Filters = await checkFilters(
      screen,
      req.body.filters,
      await restaurantsOf(db, req.body.filters),
    );
    const id = await conflictOnDuplicate(
      db.transaction(async (tx) => {
        if ((await lockScreen(tx, screen)) >= MAX_VIEWS_PER_SCREEN) {
          throw badRequest(
            `A list holds at most ${MAX_VIEWS_PER_SCREEN} saved views; delete one first`,
          );
        }
        await assertFreeName(tx, screen, name);
        const created = await insertView(tx, { screen, name, filters, createdBy: req.user.id });
        await recordChange(tx, {
          request: req,
          action: 'saved_view.create',
          entity: entity(created, name),
          version: 1,
          changes: [{ field: 'name', before: null, after: name }],
          details: { screen, filters: JSON.stringify(filters) },
          always: true,
        });
        return created;
      }),
      DUPLICATE,
    );
    const view = await viewById(db, id);
    return reply.code(201).send({ success: true, message: 'View saved successfully', data: view });
  },

  async renameSavedView(req, reply) {
    const { id } = req.params;
    const name = cleanName(req.body.name);
    const db = req.server.db;
    await conflictOnDuplicate(
      db.transaction(async (tx) => {
        const current = await lockView(tx, id);
        if (!current) throw notFound('Saved view not found');
        await checkVersion(tx, req, viewRecord(current), () => viewById(tx, id));
        if (current.name === name) return;
        await assertFreeName(tx, current.screen, name, id);
        const version = await renameView(tx, id, name);
        await recordChange(tx, {
          request: req,
          action: 'saved_view.rename',
          entity: entity(id, name),
          version,
          changes: [{ field: 'name', before: current.name, after: name }],
          details: { screen: current.screen },
        });
      }),
      DUPLICATE,
    );
    const view = (await viewById(db, id))!;
    setETag(reply, view.version);
    return { success: true, message: 'View renamed successfully', data: view };
  },

  async deleteSavedView(req) {
    const { id } = req.params;
    await req.server.db.transaction(async (tx) => {
      const current = await lockView(tx, id);
      if (!current) throw notFound('Saved view not found');
      await checkVersion(tx, req, viewRecord(current), () => viewById(tx, id));
      await deleteView(tx, id);
      await recordChange(tx, {
        request: req,
        action: 'saved_view.delete',
        entity: entity(id, current.name),
        version: null,
        changes: [{ field: 'name', before: current.name, after: null }],
        details: { screen: current.screen, filters: JSON.stringify(current.filters) },
        always: true,
      });
    });
    return { success: true, message: 'View deleted successfully' };
  },
};
