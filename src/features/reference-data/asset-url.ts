import { API_BASE_URL } from '../../api/config';

/**
 * An image URL from the API (e.g. /api/v1/images/{id}, relative to the API's origin) made usable
 * by the browser when the API lives on another origin than the SPA.
 */
export function assetUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (!url.startsWith('/') || !/^https?:\/\//i.test(API_BASE_URL)) return url;
  return new URL(url, API_BASE_URL).toString();
}
