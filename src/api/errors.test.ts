import { errorText, httpStatus, serverMessage } from './errors';

const fallbacks = {
  http: 'Failed to fetch users',
  other: 'Failed to load users. Please try again later.',
};

describe('API error helpers', () => {
  it('reads the HTTP status and the server message', () => {
    const error = { status: 500, data: { success: false, message: 'Boom', status_code: 500 } };
    expect(httpStatus(error)).toBe(500);
    expect(serverMessage(error)).toBe('Boom');
    expect(
      httpStatus({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'x' }),
    ).toBe(502);
    expect(httpStatus({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeUndefined();
    expect(serverMessage({ status: 500, data: { message: '  ' } })).toBeUndefined();
    expect(serverMessage(undefined)).toBeUndefined();
  });

  it("uses the server's message, the HTTP fallback, or the network fallback", () => {
    expect(errorText({ status: 400, data: { message: 'Bad search' } }, fallbacks)).toBe(
      'Bad search',
    );
    expect(errorText({ status: 500, data: null }, fallbacks)).toBe('Failed to fetch users');
    expect(errorText({ status: 'FETCH_ERROR', error: 'TypeError' }, fallbacks)).toBe(
      'Failed to load users. Please try again later.',
    );
    expect(errorText(new Error('x'), fallbacks)).toBe(
      'Failed to load users. Please try again later.',
    );
  });
});

describe('server validation answers', () => {
  it('reach every screen as sentences', () => {
    const error = {
      status: 400,
      data: { message: 'Invalid request: body/platformFee must be >= 0', status_code: 400 },
    };
    expect(serverMessage(error)).toBe('Platform fee must be 0 or more');
    expect(errorText(error, fallbacks)).toBe('Platform fee must be 0 or more');
  });
});
