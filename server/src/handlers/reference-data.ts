/**
 * The six reference lists' operations, all served by one module (reference-data/service.ts)
 * driven by the per-list configuration (reference-data/config.ts).
 */
import { REFERENCE_CONFIG as C } from '../reference-data/config.js';
import { createItem, deleteItem, listItems, updateItem } from '../reference-data/service.js';
import { badRequest } from '../lib/http-error.js';
import { uploadedFile } from '../lib/multipart.js';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from './types.js';

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
    reply.status(201);
    return createItem(req.server.db, C.bookingType, { name: req.body.name, request: req });
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
    reply.status(201);
    return createItem(req.server.db, C.category, { name: req.body.name, request: req });
  },
  updateCategory: (req) =>
    updateItem(req.server.db, C.category, req.params.id, { ...req.body, request: req }),

  listIngredients: (req) => listItems(req.server.db, C.ingredient, req.query),
  createIngredient: async (req, reply) => {
    reply.status(201);
    return createItem(req.server.db, C.ingredient, { name: req.body.name, request: req });
  },
  updateIngredient: (req) =>
    updateItem(req.server.db, C.ingredient, req.params.id, { ...req.body, request: req }),

  listAllergies: (req) => listItems(req.server.db, C.allergy, req.query),
  createAllergy: async (req, reply) => {
    reply.status(201);
    return createItem(req.server.db, C.allergy, { name: req.body.name, request: req });
  },
  updateAllergy: (req) =>
    updateItem(req.server.db, C.allergy, req.params.id, { ...req.body, request: req }),

  listDietaries: (req) => listItems(req.server.db, C.dietary, req.query),
  createDietary: async (req, reply) => {
    reply.status(201);
    return createItem(req.server.db, C.dietary, { name: req.body.name, request: req });
  },
  updateDietary: (req) =>
    updateItem(req.server.db, C.dietary, req.params.id, { ...req.body, request: req }),

  listCuisines: (req) => listItems(req.server.db, C.cuisine, req.query),
  createCuisine: async (req, reply) => {
    const image = imageOf(req, req.body);
    reply.status(201);
    return createItem(req.server.db, C.cuisine, {
      name: req.body.name,
      image,
      request: req,
    });
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
