import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a stored secret (an integration's auth token) with AES-256-GCM, so a copy of the database or
 * a backup does not give away a client's credentials. The key comes from SECRETS_KEY, or from the
 * token signing secret when that is unset (so a fresh install needs no setup); HKDF gives each
 * purpose its own key. The sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url; the purpose
 * is bound as associated data, so a value sealed for one field cannot be moved to another.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function secretBox(keyMaterial: Uint8Array | string, purpose: string): SecretBox {
  const ikm = typeof keyMaterial === 'string' ? Buffer.from(keyMaterial, 'utf8') : Buffer.from(keyMaterial);
  const key = Buffer.from(hkdfSync('sha256', ikm, Buffer.from('hh-secret-box'), Buffer.from(purpose), 32));
  const aad = Buffer.from(purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('secret-box: not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(aad);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
