/**
 * Seeded pictures are small SVG data URLs drawn from initials: real images that need no network
 * (the demo runs offline) and no stored files.
 */
const COLOURS = [
  '#1677ff',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#2f54eb',
  '#a0d911',
];

/** Made once per initials and colour: a large seed has a few thousand different ones. */
const made = new Map<string, string>();

export function initialsImage(text: string, index: number): string {
  const initials = text
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .replace(/[^A-Z0-9]/g, '');
  const key = `${initials} ${index % COLOURS.length}`;
  const known = made.get(key);
  if (known) return known;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<rect width="96" height="96" rx="16" fill="${COLOURS[index % COLOURS.length]}"/>` +
    `<text x="48" y="60" font-family="Arial,sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  const image = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  made.set(key, image);
  return image;
}
