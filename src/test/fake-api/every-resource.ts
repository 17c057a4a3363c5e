/**
 * Every resource's fake, empty, each list finding nothing whatever its filters: for the tests of
 * the app shell (routes, sign-in, layout, errors), which open screens without looking at their
 * data. A test that does look at a screen's data gives that resource's fake first.
 */
import { REFERENCE_LIST_KEYS } from '../../../common/reference-lists';
import { auditFake } from './audit';
import { bookingsFake } from './bookings';
import { configurationFake } from './configuration';
import { contentFake } from './content';
import { dashboardFake } from './dashboard';
import { menuFake } from './menu';
import { referenceListFake } from './reference-lists';
import { restaurantsFake } from './restaurants';
import { reviewsFake } from './reviews';
import type { Fake } from './types';
import { usersFake } from './users';

const anything = { '*': () => [] };

export const everyResource = (): Fake[] => [
  dashboardFake(),
  usersFake([], anything),
  configurationFake(),
  restaurantsFake([], { filters: anything }),
  bookingsFake([], { filters: anything }),
  reviewsFake([], anything),
  auditFake([], anything),
  contentFake([], anything),
  menuFake({ restaurants: [], categories: [] }),
  ...REFERENCE_LIST_KEYS.map((key) => referenceListFake(key, [], anything)),
];
