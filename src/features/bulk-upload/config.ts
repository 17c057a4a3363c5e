declare const __DEFAULT_RESTAURANT_ID__: string | undefined;

/**
 * The restaurant a row goes to when it names none and none is selected: set at build time from
 * the DEFAULT_RESTAURANT_ID environment variable (webpack DefinePlugin); none otherwise.
 */
export const DEFAULT_RESTAURANT_ID: string | null =
  typeof __DEFAULT_RESTAURANT_ID__ === 'string' && __DEFAULT_RESTAURANT_ID__.trim()
    ? __DEFAULT_RESTAURANT_ID__.trim()
    : null;
