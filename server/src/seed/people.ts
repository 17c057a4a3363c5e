/**
 * The seed's people: the administrators (one per team role), restaurant owners, diners and
 * restaurant staff.
 */
import { hashPassword } from '../auth/passwords.js';
import type * as t from '../db/schema.js';
import { DAY, type SeedContext } from './context.js';
import { initialsImage } from './initials-image.js';
import { STAFF_SUB_ROLES } from './reference-names.js';

const OWNER_EMAIL = 'owner@example.com';
const OWNER_PASSWORD = 'owner1234';
/** A second administrator, so that one admin can deactivate another (and see the login refused). */
export const SUPPORT_ADMIN = {
  id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c5d',
  email: 'support@example.com',
  password: 'support1234',
};

/** The demo's administrators of the other team roles (README's demo logins). */
const TEAM_ADMINS = [
  {
    id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c60',
    teamRole: 'finance',
    firstName: 'Fiona',
    lastName: 'Finance',
    email: 'finance@example.com',
    password: 'finance1234',
  },
  {
    id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c61',
    teamRole: 'content',
    firstName: 'Cody',
    lastName: 'Content',
    email: 'content@example.com',
    password: 'content1234',
  },
  {
    id: '5a7e0c1d-2b3f-4e6a-8c9d-0e1f2a3b4c62',
    teamRole: 'viewer',
    firstName: 'Vera',
    lastName: 'Viewer',
    email: 'viewer@example.com',
    password: 'viewer1234',
  },
] as const;

/** Argon2 hashes of the known passwords (salted: the only rows that differ from seed to seed). */
type PasswordHashes = { admin: string; owner: string; support: string; team: string[] };

export async function hashKnownPasswords(adminPassword: string): Promise<PasswordHashes> {
  const [admin, owner, support, ...team] = await Promise.all([
    hashPassword(adminPassword),
    hashPassword(OWNER_PASSWORD),
    hashPassword(SUPPORT_ADMIN.password),
    ...TEAM_ADMINS.map((member) => hashPassword(member.password)),
  ]);
  return { admin, owner, support, team };
}

export type People = {
  admin: t.User;
  support: t.User;
  /** the finance, content and viewer admins */
  team: t.User[];
  owners: t.User[];
  diners: t.User[];
};

const DINER_DOMAINS = ['example.net', 'example.org', 'example.info'];

/** A diner, owner or staff member with a made-up name, contact and picture. */
function generatePerson({ faker, uuid }: SeedContext, role: string, createdAt: Date): t.User {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    id: uuid(),
    firstName,
    lastName,
    role,
    subRole: null,
    passwordHash: null,
    restaurantId: null,
    email: faker.internet.email({ firstName, lastName, provider: 'example.net' }).toLowerCase(),
    phoneNo: faker.phone.number({ style: 'international' }),
    avatar: faker.datatype.boolean(0.6)
      ? initialsImage(`${firstName} ${lastName}`, firstName.length)
      : null,
    status: faker.datatype.boolean(0.9),
    teamRole: null,
    createdAt,
    version: 1,
  };
}

/** The administrators, one owner per restaurant (the first the demo owner) and the diners. */
export function generatePeople(
  ctx: SeedContext,
  sizes: { adminEmail: string; users: number; restaurants: number },
  hashes: PasswordHashes,
): People {
  const admin: t.User = {
    id: ctx.uuid(),
    firstName: 'Ada',
    lastName: 'Admin',
    email: sizes.adminEmail,
    passwordHash: hashes.admin,
    role: 'admin',
    subRole: null,
    phoneNo: '+1 555 0100',
    avatar: null,
    status: true,
    teamRole: 'owner',
    restaurantId: null,
    createdAt: new Date(ctx.now - 400 * DAY),
    version: 1,
  };
  const support: t.User = {
    ...admin,
    id: SUPPORT_ADMIN.id,
    firstName: 'Sam',
    lastName: 'Support',
    email: SUPPORT_ADMIN.email,
    passwordHash: hashes.support,
    phoneNo: '+1 555 0102',
    teamRole: 'support',
    createdAt: new Date(ctx.now - 200 * DAY),
  };
  const team = TEAM_ADMINS.map(({ password: _password, ...member }, i): t.User => ({
    ...admin,
    ...member,
    passwordHash: hashes.team[i],
    phoneNo: `+1 555 010${i + 3}`,
    createdAt: new Date(ctx.now - (150 - 30 * i) * DAY),
  }));
  const owners = Array.from({ length: sizes.restaurants }, (_, i) => {
    const owner = generatePerson(ctx, 'owner', ctx.pastDate(365));
    owner.status = true;
    if (i === 0)
      Object.assign(owner, {
        email: OWNER_EMAIL,
        passwordHash: hashes.owner,
        firstName: 'Olive',
        lastName: 'Owner',
      });
    return owner;
  });
  const diners = Array.from({ length: sizes.users }, () =>
    generatePerson(ctx, 'user', ctx.pastDate(90)),
  );
  const emails = new Set<string>();
  for (const u of [admin, support, ...team, ...owners, ...diners]) {
    while (emails.has(u.email)) u.email = `${ctx.faker.string.alphanumeric(4)}.${u.email}`;
    emails.add(u.email);
  }
  // A third of the diners (and every owner and staff member) at each domain, so that searching a
  // domain finds a large share of the bookings, as a company's guests would be. The local parts
  // are unique per domain already, so this cannot make two e-mails equal.
  diners.forEach(
    (u, i) => (u.email = u.email.replace(/@example\.net$/, `@${DINER_DOMAINS[i % 3]}`)),
  );
  return { admin, support, team, owners, diners };
}

/** Staff of every sub-role at the first three restaurants, two sub-roles at most others. */
export function generateStaff(ctx: SeedContext, restaurants: t.Restaurant[]): t.User[] {
  return restaurants.flatMap((restaurant, i) => {
    const subRoles = i < 3 ? STAFF_SUB_ROLES : i % 4 === 3 ? [] : STAFF_SUB_ROLES.slice(0, 2);
    return subRoles.map((subRole) => {
      const member = generatePerson(ctx, 'staff', restaurant.createdAt);
      member.email = `${subRole.replace(/\s/g, '.')}.${i}.${member.email}`;
      return { ...member, subRole, restaurantId: restaurant.id, status: true };
    });
  });
}
