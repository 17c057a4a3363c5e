declare const __API_BASE_URL__: string | undefined;

/**
 * Base URL of the v1 API. Set at build time from the API_BASE_URL environment variable
 * (webpack DefinePlugin); '/api/v1' when the build did not set it (and in unit tests).
 */
export const API_BASE_URL: string =
  typeof __API_BASE_URL__ === 'string' && __API_BASE_URL__ ? __API_BASE_URL__ : '/api/v1';
