/** Saved views of the list screens: listed per screen, saved, renamed and deleted. */
import type { SavedView } from '../../api/types';
import { reply } from './reply';
import { adminUser } from './session';
import type { Routes } from './types';
import { staleWrite } from './versions';

/** The admin signed in by openAsAdmin, as a view's creator. */
const admin = { _id: adminUser._id, name: 'Ada Admin', email: adminUser.email };

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(900_000 + ++sequence).padStart(12, '0')}`;

/** Starts with `views` (none by default: every list screen reads its views). */
export function savedViewsFake(views: SavedView[] = []) {
  const notFound = {
    success: false,
    message: 'Saved view not found',
    status_code: 404,
  } as const;
  return {
    views,
    routes: {
      listSavedViews: ({ url }) => {
        const data = views.filter((v) => v.screen === url.searchParams.get('screen'));
        return reply('listSavedViews', 200, {
          success: true,
          message: 'ok',
          count: data.length,
          data,
        });
      },
      createSavedView: ({ body }) => {
        const { name, screen, filters } = body as Pick<SavedView, 'name' | 'screen' | 'filters'>;
        if (views.some((v) => v.name.toLowerCase() === name.toLowerCase())) {
          return reply('createSavedView', 409, {
            success: false,
            message: 'A view with this name already exists',
            status_code: 409,
          });
        }
        const created: SavedView = {
          _id: nextId(),
          screen,
          name,
          filters,
          ignoredFilters: [],
          createdAt: new Date().toISOString(),
          createdBy: admin,
          version: 1,
        };
        views.push(created);
        return reply('createSavedView', 201, {
          success: true,
          message: 'View saved successfully',
          data: created,
        });
      },
      renameSavedView: (call) => {
        const { params, body } = call;
        const view = views.find((v) => v._id === params.id);
        if (!view) return reply('renameSavedView', 404, notFound);
        const stale = staleWrite(call, 'saved_view', view);
        if (stale) return stale;
        view.name = (body as { name: string }).name;
        view.version += 1;
        return reply('renameSavedView', 200, {
          success: true,
          message: 'View renamed successfully',
          data: view,
        });
      },
      deleteSavedView: (call) => {
        const index = views.findIndex((v) => v._id === call.params.id);
        if (index < 0) return reply('deleteSavedView', 404, notFound);
        const stale = staleWrite(call, 'saved_view', views[index]);
        if (stale) return stale;
        views.splice(index, 1);
        return reply('deleteSavedView', 200, {
          success: true,
          message: 'View deleted successfully',
        });
      },
    } satisfies Routes,
  };
}
