/**
 * What a saved view may hold: `search` and the query parameters of its screen's list operation
 * (less paging), each value one that operation accepts. The rules come from the contract, so a
 * new filter of a list is savable without a change here. A stored value that stops being
 * accepted (a restaurant removed, an enum value dropped) is left out when the view is read.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { components } from '../../../openapi/schema.js';
import type { Contract } from '../contract.js';
import { badRequest } from './http-error.js';

export type Screen = components['schemas']['SavedViewScreen'];
export type Filters = Record<string, string>;

/** The list operation behind each screen. */
const LIST_OPERATION: Record<Screen, string> = {
  bookings: 'listBookings',
  restaurants: 'listRestaurants',
  users: 'listUsers',
  reviews: 'listReviews',
  content: 'listStaticContent',
  'audit-log': 'listAuditEvents',
};

/** Parameters of a list that are not part of a view: where the list is paged. */
const PAGING = new Set(['skip', 'limit']);

type Rules = Map<string, ValidateFunction>;

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node a local reference (`#/components/...`) names in the bundled contract. */
const pointerTarget = (contract: Contract, ref: string): unknown =>
  ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown> | undefined)?.[
          key.replace(/~1/g, '/').replace(/~0/g, '~')
        ],
      contract,
    );

function compileRules(contract: Contract): Record<Screen, Rules> {
  // URL values are text: coerce them to each parameter's type, as the list operation does.
  const ajv = new Ajv2020({ strict: false, coerceTypes: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(contract as object, 'contract');
  const operations = Object.entries(contract.paths).flatMap(([route, item]) =>
    Object.entries(item).map(([method, op]) => ({ route, method, op })),
  );
  const rules = {} as Record<Screen, Rules>;
  for (const [screen, operationId] of Object.entries(LIST_OPERATION) as [Screen, string][]) {
    const found = operations.find(({ op }) => op.operationId === operationId);
    if (!found) throw new Error(`Saved views: no operation ${operationId} in the contract`);
    const base = `contract#/paths/${escape(found.route)}/${found.method}/parameters`;
    const screenRules: Rules = new Map();
    const parameters = (found.op.parameters ?? []) as { $ref?: string }[];
    parameters.forEach((parameter, i) => {
      const pointer = parameter.$ref ? `contract${parameter.$ref}` : `${base}/${i}`;
      const resolved = (parameter.$ref ? pointerTarget(contract, parameter.$ref) : parameter) as
        { name?: string; in?: string } | undefined;
      if (!resolved?.name || resolved.in !== 'query' || PAGING.has(resolved.name)) return;
      screenRules.set(
        resolved.name,
        ajv.compile({
          type: 'object',
          required: ['value'],
          properties: { value: { $ref: `${pointer}/schema` } },
        }),
      );
    });
    rules[screen] = screenRules;
  }
  return rules;
}

let compiled: Record<Screen, Rules> | undefined;

/**
 * Compiles the rules; the server does it while it starts (app.ts). Compiling them against the
 * whole contract takes about 0.2 s of one core (more on a busy machine): done at the first saved
 * view instead, it held the event loop long enough for the requests after it to be shed (503).
 */
export function prepareSavedViewRules(contract: Contract) {
  compiled ??= compileRules(contract);
}

const screenRules = (screen: Screen) => {
  if (!compiled) throw new Error('Saved views: prepareSavedViewRules was not called at start');
  return compiled[screen];
};

const accepts = (rule: ValidateFunction, value: string) => rule({ value });

/**
 * The view's filters as given, or a 400 naming the first parameter the screen does not take, or
 * a restaurant not among `existing` (the restaurants of queries/restaurants.ts existingRestaurants).
 */
export async function checkFilters(
  screen: Screen,
  filters: Filters,
  existing: ReadonlySet<string>,
): Promise<Filters> {
  const rules = screenRules(screen);
  for (const [name, value] of Object.entries(filters)) {
    const rule = rules.get(name);
    if (!rule) throw badRequest(`The ${screen} list has no filter named "${name}"`);
    if (!accepts(rule, value))
      throw badRequest(`"${value}" is not a valid ${name} for the ${screen} list`);
  }
  const { ignored } = await applicable(screen, filters, existing);
  if (ignored.includes('restaurant'))
    throw badRequest('The restaurant of this view does not exist');
  return filters;
}

/** The stored filters that still apply (a restaurant among `existing`), and the names of those that no longer do. */
export async function applicable(
  screen: Screen,
  filters: Filters,
  existing: ReadonlySet<string>,
): Promise<{ filters: Filters; ignored: string[] }> {
  const rules = screenRules(screen);
  const kept: Filters = {};
  const ignored: string[] = [];
  for (const [name, value] of Object.entries(filters)) {
    const rule = rules.get(name);
    const ok =
      rule !== undefined &&
      accepts(rule, value) &&
      (name !== 'restaurant' || existing.has(value.toLowerCase()));
    if (ok) kept[name] = value;
    else ignored.push(name);
  }
  return { filters: kept, ignored };
}
