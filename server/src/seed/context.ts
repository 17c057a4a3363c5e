/**
 * What every seed generator draws from: one seeded random source and one clock. Generators take
 * it as an argument and return rows; the same context state gives the same rows.
 */
import type { Faker } from '@faker-js/faker';
import { currencyDecimals } from '../../../common/money.js';

export const DAY = 86_400_000;

/** The seed of every random source the seed draws from (with a batch's number for its own). */
export const SEED = 20261122;

export type SeedContext = {
  faker: Faker;
  /** The instant generated times count back from. */
  now: number;
  uuid: () => string;
  /** A time between `maxDays` days ago and now. */
  pastDate: (maxDays: number) => Date;
};

export function seedContext(faker: Faker, now: number): SeedContext {
  return {
    faker,
    now,
    uuid: () => faker.string.uuid(),
    pastDate: (maxDays) => new Date(now - faker.number.int({ min: 0, max: maxDays * DAY })),
  };
}

/** A price between min and max major units, in the currency's minor units (JPY: ×150, whole). */
export function priceMinor(
  { faker }: SeedContext,
  currency: string,
  min: number,
  max: number,
): number {
  const scale = currencyDecimals(currency) === 0 ? 150 : 100;
  return faker.number.int({ min: min * scale, max: max * scale });
}

/**
 * `percent` of an amount in minor units, rounded half up, in integer arithmetic: `percent` is read
 * as whole hundredths of a percent (12.34 → 1234), so no float product decides a rounding.
 */
export function percentOf(minor: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  // minor × hundredths is an exact integer; its quotient by 10,000 is x.5 only when exactly x.5.
  return Math.round((minor * hundredths) / 10_000);
}
