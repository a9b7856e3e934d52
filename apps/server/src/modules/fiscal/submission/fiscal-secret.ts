import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's secret for what the database must not hold in clear (decision 056): the venue's qualified
 * certificate and its passphrase. It comes from `FISCAL_SECRET_KEY` (32 bytes, base64) or, without it, from
 * `fiscal-secret.key` in the data folder, made on first start with mode 0600. A database dump alone does
 * not open a certificate.
 */

const KEY_FILE = 'fiscal-secret.key';

/** The secret from the environment's base64 value, or the data folder's key file (created when missing). */
export function loadFiscalSecret(options: { fromEnv?: string; dataDir: string }): Buffer {
  if (options.fromEnv) {
    const key = Buffer.from(options.fromEnv, 'base64');
    if (key.length !== 32) throw new Error('FISCAL_SECRET_KEY must be 32 bytes in base64');
    return key;
  }
  const file = path.join(options.dataDir, KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    // Two servers starting on one fresh folder race here: each writes its own key whole, then links it in
    // place, which only the first does; the other reads the first's key rather than failing its start.
    const written = `${file}.${process.pid}.tmp`;
    writeFileSync(written, randomBytes(32).toString('base64'), { mode: 0o600 });
    try {
      linkSync(written, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(written);
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64`);
  return key;
}

function keyFor(secret: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `sobremesa/${purpose}`, 32));
}

/**
 * Seals bytes with AES-256-GCM under a key derived for `purpose`; `context` (the venue) is authenticated
 * too, so a sealed value copied to another venue's row does not open.
 */
export function sealBytes(secret: Buffer, purpose: string, context: string, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The bytes sealed by {@link sealBytes}; throws when the secret, purpose or context differ. */
export function openBytes(secret: Buffer, purpose: string, context: string, sealed: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}
