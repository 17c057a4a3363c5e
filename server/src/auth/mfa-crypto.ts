/**
 * The factors' secrets at rest: AES-256-GCM with MFA_ENCRYPTION_KEY, a fresh 96-bit nonce per
 * secret, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). A secret that was altered, or
 * encrypted with another key, fails to decrypt rather than giving a wrong secret. The demo makes
 * its own key in its data folder (`demoMfaKey`).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../config.js';

export function encryptSecret(key: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', nonce, cipher.getAuthTag(), body]
    .map((part) => part.toString('base64url'))
    .join('.');
}

export function decryptSecret(key: Buffer, stored: string): string {
  const [version, nonce, tag, body] = stored.split('.');
  if (version !== 'v1' || !nonce || !tag || body === undefined) {
    throw new Error('Not an encrypted secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(body, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/** The demo's key: `mfa-encryption.key` in the data folder, made (readable by its owner only) once. */
export async function demoMfaKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'mfa-encryption.key');
  try {
    const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (key.length === 32) return key;
    // Never replaced by a new one: the factors encrypted with it would be lost.
    throw new ConfigError(
      `${file} is not a 32-byte key in base64: restore it or set MFA_ENCRYPTION_KEY`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600 });
  return key;
}
