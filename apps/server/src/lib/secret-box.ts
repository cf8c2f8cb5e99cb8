/**
 * Credentials at rest (store access tokens, API keys): AES-256-GCM under a named key.
 *
 * A ciphertext reads `<keyId>:<base64url(iv | tag | data)>`, so the key that wrote it is known and
 * several keys can be configured at once: new writes use the current key, old ciphertexts still open
 * with theirs until the re-encryption job (modules/stores, credentials-rotation) rewrites them. Each
 * ciphertext is bound to its row by associated data (e.g. `store:<id>`): a token copied into another
 * row does not open there.
 *
 * Keys: CREDENTIALS_KEYS = `id:base64key[,id:base64key...]` (32-byte keys), CREDENTIALS_KEY_ID the one
 * to write with (default the first). Required in production; elsewhere a development key is generated
 * once and kept in app_settings, like the JWT secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema/index';

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SecretBox {
  /** The key new ciphertexts are written with. */
  readonly currentKeyId: string;
  /** Every configured key: a ciphertext of another key cannot be opened (or re-encrypted). */
  readonly keyIds: readonly string[];
  encrypt(plain: string, boundTo: string): string;
  /** Throws when the key is unknown or the ciphertext was altered or belongs to another row. */
  decrypt(sealed: string, boundTo: string): string;
  keyIdOf(sealed: string): string;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export class SecretBoxError extends Error {}

export function createSecretBox(keys: readonly SecretKey[], currentKeyId = keys[0]?.id): SecretBox {
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  if (!currentKeyId || !byId.has(currentKeyId)) throw new SecretBoxError(`The current credentials key ${currentKeyId ?? '(none)'} is not configured`);
  const current = currentKeyId;
  return {
    currentKeyId: current,
    keyIds: [...byId.keys()],
    encrypt(plain, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', byId.get(current)!, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${current}:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
    },
    decrypt(sealed, boundTo) {
      const keyId = this.keyIdOf(sealed);
      const key = byId.get(keyId);
      if (!key) throw new SecretBoxError(`Credentials key ${keyId} is not configured`);
      const raw = Buffer.from(sealed.slice(keyId.length + 1), 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('Malformed credentials');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('Credentials could not be opened (altered, or sealed for another record)');
      }
    },
    keyIdOf(sealed) {
      const at = sealed.indexOf(':');
      if (at < 1) throw new SecretBoxError('Malformed credentials');
      return sealed.slice(0, at);
    },
  };
}

/** Reads CREDENTIALS_KEYS; throws on a malformed entry rather than running with fewer keys than meant. */
export function parseSecretKeys(text: string): SecretKey[] {
  const keys = text.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (at < 1 || !KEY_ID.test(id)) throw new SecretBoxError(`CREDENTIALS_KEYS: "${id || entry.slice(0, 8)}" is not a key id (letters, digits, - and _)`);
    if (key.length !== 32) throw new SecretBoxError(`CREDENTIALS_KEYS: key ${id} must be 32 bytes, base64-encoded`);
    return { id, key };
  });
  if (new Set(keys.map((k) => k.id)).size !== keys.length) throw new SecretBoxError('CREDENTIALS_KEYS: a key id is listed twice');
  return keys;
}

/** The configured keys, or (outside production) a development key generated once per database. */
export async function resolveSecretBox(db: Db, configured?: { keys: readonly SecretKey[]; currentKeyId?: string }): Promise<SecretBox> {
  if (configured && configured.keys.length > 0) return createSecretBox(configured.keys, configured.currentKeyId);
  await db.insert(appSettings).values({ key: 'credentials_key_dev', value: randomBytes(32).toString('base64') }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'credentials_key_dev'));
  return createSecretBox([{ id: 'dev', key: Buffer.from(row!.value, 'base64') }]);
}
