/** Security headers on API answers, no-store on them, and images keeping their own caching. */
import { expectContract } from './helpers/contract.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { makePng, multipart } from './helpers/uploads.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('an API answer carries the CSP, nosniff, frame and referrer policies and is not stored', async () => {
  for (const res of [
    await t.as({ method: 'GET', url: '/api/v1/total/user' }),
    await t.as({ method: 'GET', url: '/api/v1/total/user', token: null }),
    await t.as({ method: 'GET', url: '/api/v1/no-such-route' }),
  ]) {
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|upgrade-insecure-requests/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  }
});

test('images keep their immutable caching', async () => {
  const form = await multipart({
    name: `Headers ${Date.now()}`,
    image: { bytes: makePng(), filename: 'a.png', type: 'image/png' },
  });
  const created = await expectContract(
    await t.as({ method: 'POST', url: '/api/v1/cuisine', ...form }),
    'createCuisine',
    201,
  );
  const res = await t.app.inject({ method: 'GET', url: created.data.image });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});
