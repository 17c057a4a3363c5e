/** The seed's restaurants, one per owner, in the currencies of `CURRENCIES` by turns. */
import type * as t from '../db/schema.js';
import type { SeedContext } from './context.js';
import { initialsImage } from './initials-image.js';
import { CURRENCIES } from './reference-names.js';

const KINDS = [
  'Bistro',
  'Kitchen',
  'Trattoria',
  'Grill',
  'Table',
  'House',
  'Diner',
  'Brasserie',
  'Izakaya',
  'Cantina',
];

export function generateRestaurants(
  { faker, uuid, pastDate }: SeedContext,
  owners: t.User[],
): t.Restaurant[] {
  return owners.map((owner, i) => {
    const currency = CURRENCIES[i % CURRENCIES.length];
    const name =
      i === 0
        ? 'The Golden Fork'
        : `${faker.company.name().split(/[ ,-]/)[0]} ${faker.helpers.arrayElement(KINDS)}`;
    return {
      id: uuid(),
      name,
      currency,
      ownerId: owner.id,
      logo: i % 4 === 3 ? null : initialsImage(name, i),
      email: `contact@${name.toLowerCase().replace(/[^a-z]+/g, '')}${i}.example.com`,
      online: faker.datatype.boolean(0.75),
      isFeatured: faker.datatype.boolean(0.3),
      // A percentage with two decimals (5.00 to 20.00), or none.
      platformCommission: faker.datatype.boolean(0.85)
        ? faker.number.int({ min: 500, max: 2000 }) / 100
        : null,
      address: faker.location.streetAddress(),
      country: faker.location.country(),
      state: faker.location.state(),
      postalCode: faker.location.zipCode(),
      latitude: faker.location.latitude(),
      longitude: faker.location.longitude(),
      offsetSec: faker.helpers.arrayElement([-18000, -14400, 0, 3600, 7200, 19800, 32400]),
      createdAt: pastDate(120),
      version: 1,
    };
  });
}
