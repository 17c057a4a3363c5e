/**
 * What the /login route downloads at first: the entry files that build/index.html references
 * plus the files of the lazily loaded "login" chunk group. Prints their gzip size in one line
 * and fails when any of those chunks contains the rich-text editor (quill), papaparse or Ant
 * Design (antd, its icons and rc-components: the admin area's, which the login page never runs).
 *
 * Builds nothing itself: run `npm run build` first. Usage: npx tsx scripts/bundle-size.ts [buildDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ChunkGroup {
  chunks: (string | number)[];
  files: string[];
}

interface Manifest {
  entrypoints: Record<string, ChunkGroup>;
  chunkGroups: Record<string, ChunkGroup>;
  chunks: { id: string | number; names: string[]; files: string[]; packages: string[] }[];
}

/** Packages the login page must not download: the editor, the CSV parser and Ant Design. */
const FORBIDDEN =
  /^(quill|react-quill-new|quill-delta|parchment|papaparse|antd|@ant-design\/.+|@rc-component\/.+)$/;
/** Named in the summary: where the largest of them are. */
const NAMED = /^(quill|react-quill-new|quill-delta|parchment|papaparse|antd)$/;
const LOGIN_GROUP = 'login';

function fail(message: string): never {
  console.error(`bundle-size: ${message}`);
  process.exit(1);
}

const buildDir = path.resolve(process.argv[2] ?? 'build');
const read = (file: string) => fs.readFileSync(path.join(buildDir, file));
if (!fs.existsSync(path.join(buildDir, 'index.html'))) {
  fail(`no ${path.join(buildDir, 'index.html')}: run npm run build first`);
}
if (!fs.existsSync(path.join(buildDir, 'stats.json'))) {
  fail('no stats.json in the build (written by webpack.config.js): run npm run build first');
}
const manifest = JSON.parse(read('stats.json').toString()) as Manifest;
const html = read('index.html').toString();

// Entry files as the page references them (script src and stylesheet href).
const referenced = [
  ...html.matchAll(/<(?:script\b[^>]*?\ssrc|link\b[^>]*?\shref)=["']?\/?([^"'\s>]+)/g),
]
  .map((match) => match[1])
  .filter((file) => /\.(js|css)$/.test(file));
if (!referenced.some((file) => file.endsWith('.js'))) fail('index.html references no script');

const login = manifest.chunkGroups[LOGIN_GROUP];
if (!login) fail(`the build has no "${LOGIN_GROUP}" chunk group`);

const entryChunks = Object.values(manifest.entrypoints).flatMap((group) => group.chunks);
const chunkIds = new Set([...entryChunks, ...login.chunks].map(String));
const files = [...new Set([...referenced, ...login.files])].filter((file) =>
  /\.(js|css)$/.test(file),
);

let js = 0;
let css = 0;
for (const file of files) {
  const size = gzipSync(read(file), { level: 9 }).length;
  if (file.endsWith('.css')) css += size;
  else js += size;
}

const loaded = manifest.chunks.filter((chunk) => chunkIds.has(String(chunk.id)));
const offending = loaded.flatMap((chunk) =>
  chunk.packages
    .filter((name) => FORBIDDEN.test(name))
    .map((name) => `${name} in chunk ${chunk.names[0] ?? chunk.id}`),
);
const elsewhere = [
  ...new Set(
    manifest.chunks
      .filter((chunk) => !chunkIds.has(String(chunk.id)))
      .flatMap((chunk) => chunk.packages.filter((name) => NAMED.test(name))),
  ),
];

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const summary =
  `bundle-size: /login downloads ${files.length} files, ${kB(js + css)} gzip ` +
  `(JS ${kB(js)}, CSS ${kB(css)}); ` +
  (offending.length
    ? `FAIL: ${offending.join(', ')}`
    : `no antd, quill or papaparse (${elsewhere.length ? `${elsewhere.join(', ')} only in lazy chunks` : 'none is in the build yet'})`);

if (offending.length) fail(summary.replace(/^bundle-size: /, ''));
console.log(summary);
