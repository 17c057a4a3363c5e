import { fieldLabel, validationSentence } from './validation-message';

const invalid = (detail: string) => validationSentence(`Invalid request: ${detail}`);

describe('validationSentence', () => {
  it('maps number bounds by field', () => {
    expect(invalid('body/platformFee must be >= 0')).toBe('Platform fee must be 0 or more');
    expect(invalid('body/platformCommission must be <= 100')).toBe(
      'Commission must be 100 or less',
    );
    expect(invalid('body/amount must be > 0')).toBe('Amount must be more than 0');
    expect(invalid('querystring/limit must be < 101')).toBe('Limit must be less than 101');
    expect(invalid('body/price must be multiple of 0.01')).toBe('Price must be a multiple of 0.01');
  });

  it('maps lengths, required fields, types and formats', () => {
    expect(invalid('body/name must NOT have fewer than 1 characters')).toBe('Name is required');
    expect(invalid('body/name must NOT have fewer than 3 characters')).toBe(
      'Name must be at least 3 characters',
    );
    expect(invalid('body/title must NOT have more than 200 characters')).toBe(
      'Title must be at most 200 characters',
    );
    expect(invalid("body must have required property 'bookingType'")).toBe(
      'Booking type is required',
    );
    expect(invalid('body/status must be boolean')).toBe('Status must be true or false');
    expect(invalid('body/quantity must be integer')).toBe('Quantity must be a whole number');
    expect(invalid('body/email must match format "email"')).toBe(
      'Email must be a valid email address',
    );
    expect(invalid('params/id must match format "uuid"')).toBe('Id is not a valid id');
    expect(invalid('body/type must be equal to one of the allowed values')).toBe(
      'Type is not one of the allowed values',
    );
    expect(invalid('body/items/0/price must be >= 0')).toBe('Price must be 0 or more');
    expect(invalid('body must NOT have additional properties')).toBe(
      'The request has a field this screen cannot send',
    );
  });

  it('joins several errors and never shows validator words for an unknown rule', () => {
    expect(invalid('body/fee must be >= 0, body/name must NOT have fewer than 1 characters')).toBe(
      'Fee must be 0 or more. Name is required',
    );
    expect(invalid('body/fee must pass "x" keyword validation')).toBe('Fee is not valid');
    expect(invalid('something else entirely')).toBe('The request was not valid');
  });

  it('leaves every other message as it is', () => {
    expect(validationSentence('Restaurant not found')).toBe('Restaurant not found');
    expect(validationSentence('Invalid email or password')).toBe('Invalid email or password');
  });

  it('labels fields', () => {
    expect(fieldLabel('platformFee')).toBe('Platform fee');
    expect(fieldLabel('booking_type')).toBe('Booking type');
    expect(fieldLabel('_id')).toBe('Id');
  });
});
