// The npm registry reachable here serves only this platform's builds of native packages, so
// `npm install` leaves other platforms' optional dependencies (e.g. @swc/core-darwin-arm64) out
// of package-lock.json, and `npm ci` then refuses the lockfile as out of sync. This adds the
// missing optional entries (marked optional, never installed on a platform they do not fit).
// Run it after every `npm install` that changes the lockfile: `node scripts/complete-lockfile.mjs`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;

const guessPlatform = (name) => {
  const os = [
    'darwin',
    'linux',
    'win32',
    'freebsd',
    'android',
    'openbsd',
    'sunos',
    'netbsd',
    'aix',
    'wasm32',
  ].find((o) => name.includes(o));
  const cpu = [
    'arm64',
    'x64',
    'ia32',
    'arm',
    'ppc64',
    's390x',
    'riscv64',
    'loong64',
    'wasm32',
  ].find((c) => name.includes(c));
  return {
    ...(os && os !== 'wasm32' ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu === 'wasm32' ? 'wasm32' : cpu] } : {}),
  };
};

for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    // Resolution as node does it: nested first, then each ancestor's node_modules.
    const segments = path ? path.split('node_modules/').filter(Boolean) : [];
    let found = false;
    for (let i = segments.length; i >= 0 && !found; i -= 1) {
      const prefix = segments
        .slice(0, i)
        .map((s) => `node_modules/${s.replace(/\/$/, '')}/`)
        .join('');
      found = `${prefix}node_modules/${dep}` in packages;
    }
    if (found) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    packages[`node_modules/${dep}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...guessPlatform(dep),
    };
    added += 1;
  }
}

fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
