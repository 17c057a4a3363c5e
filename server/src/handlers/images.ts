/** getImage: serves an uploaded image with long-lived cache headers (an id never changes content). */
import { notFound } from '../lib/http-error.js';
import { imageById } from '../queries/images.js';
import type { Handlers } from './types.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const imagesHandlers: Handlers = {
  async getImage(req, reply) {
    const { id } = req.params;
    const image = UUID.test(id) ? await imageById(req.server.db, id) : undefined;
    if (!image) throw notFound('Image not found');
    const etag = `"${image.sha256}"`;
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    const match = req.headers['if-none-match'];
    if (
      match &&
      match.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)
    ) {
      return reply.status(304).send();
    }
    return reply.type(image.contentType).header('content-length', image.size).send(image.bytes);
  },
};
