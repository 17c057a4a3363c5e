/**
 * The server answers a request its contract refuses with the validator's words
 * ("Invalid request: body/platformFee must be >= 0"). This turns them into sentences a person
 * can act on ("Platform fee must be 0 or more"), by field and rule, for every screen.
 */

const PREFIX = /^Invalid request:\s*/;
/** One validator error: where (body/platformFee) and what (must be >= 0). */
const ENTRY = /^(body|querystring|params|headers)(\/\S*)?\s+(.+)$/;

/** Fields whose name does not read well split into words. */
const FIELD_LABELS: Record<string, string> = {
  _id: 'Id',
  id: 'Id',
  platformCommission: 'Commission',
  noOfItems: 'Number of items',
  ruleId: 'Rule',
  userId: 'User',
  restaurantId: 'Restaurant',
  bookingId: 'Booking',
  orderId: 'Order',
};

/** "platformFee" → "Platform fee", "booking_type" → "Booking type". */
export function fieldLabel(name: string): string {
  if (FIELD_LABELS[name]) return FIELD_LABELS[name];
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'A field';
}

const FORMATS: Record<string, string> = {
  email: 'must be a valid email address',
  uuid: 'is not a valid id',
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be a date and time',
  uri: 'must be a valid web address',
};

const TYPES: Record<string, string> = {
  number: 'must be a number',
  integer: 'must be a whole number',
  string: 'must be text',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'is not valid',
};

type Rule = [RegExp, (field: string, value: string) => string];

/** Validator messages (Ajv's wording) and the sentence for each. */
const RULES: Rule[] = [
  [/^must be >= (.+)$/, (f, n) => `${f} must be ${n} or more`],
  [/^must be > (.+)$/, (f, n) => `${f} must be more than ${n}`],
  [/^must be <= (.+)$/, (f, n) => `${f} must be ${n} or less`],
  [/^must be < (.+)$/, (f, n) => `${f} must be less than ${n}`],
  [/^must be multiple of (.+)$/, (f, n) => `${f} must be a multiple of ${n}`],
  [
    /^must NOT have fewer than (\d+) characters$/,
    (f, n) => (n === '1' ? `${f} is required` : `${f} must be at least ${n} characters`),
  ],
  [/^must NOT have more than (\d+) characters$/, (f, n) => `${f} must be at most ${n} characters`],
  [
    /^must NOT have fewer than (\d+) items$/,
    (f, n) => (n === '1' ? `${f} needs at least one entry` : `${f} needs at least ${n} entries`),
  ],
  [/^must NOT have more than (\d+) items$/, (f, n) => `${f} allows at most ${n} entries`],
  [/^must have required property '(.+)'$/, (_f, name) => `${fieldLabel(name)} is required`],
  [/^must match format "(.+)"$/, (f, format) => `${f} ${FORMATS[format] ?? 'is not valid'}`],
  [/^must be (\w+)$/, (f, type) => `${f} ${TYPES[type] ?? 'is not valid'}`],
  [/^must be equal to one of the allowed values$/, (f) => `${f} is not one of the allowed values`],
  [/^must match pattern /, (f) => `${f} is not in the expected form`],
  [
    /^must NOT have additional properties$/,
    () => 'The request has a field this screen cannot send',
  ],
];

function sentence(where: string, path: string | undefined, what: string): string {
  const segments = (path ?? '').split('/').filter((part) => part && !/^\d+$/.test(part));
  const field = segments.length
    ? fieldLabel(segments[segments.length - 1])
    : where === 'body'
      ? 'The form'
      : 'The address';
  for (const [pattern, make] of RULES) {
    const match = pattern.exec(what);
    if (match) return make(field, match[1] ?? '');
  }
  return `${field} is not valid`;
}

/**
 * The sentences for a validator answer, or the message unchanged when it is not one.
 * validationSentence('Invalid request: body/platformFee must be >= 0') === 'Platform fee must be 0 or more'
 */
export function validationSentence(message: string): string {
  if (!PREFIX.test(message)) return message;
  const entries = message
    .replace(PREFIX, '')
    .split(/, (?=(?:body|querystring|params|headers)[/ ])/)
    .map((part) => ENTRY.exec(part.trim()));
  if (entries.some((entry) => entry === null)) return 'The request was not valid';
  const sentences = [...new Set(entries.map((entry) => sentence(entry![1], entry![2], entry![3])))];
  return sentences.join('. ');
}
