import bcrypt from 'bcryptjs';

const COST = 10;
/** Marks OAuth-only accounts; it is not a bcrypt hash, so no password can ever match it. */
export const OAUTH_PASSWORD_MARKER = '!oauth-only';

/** SHA-256 first, so long and Japanese passwords are not cut at bcrypt's 72 bytes. */
async function preHash(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(password));
  return btoa(String.fromCharCode(...new Uint8Array(digest)));
}

export async function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(await preHash(password), COST);
}

let dummyHash: string | undefined;

/** Compares in bcrypt's time even when there is no user, so timing does not reveal which emails exist. */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const candidate = await preHash(password);
  if (!hash?.startsWith('$2')) {
    dummyHash ??= await bcrypt.hash('ushicho-dummy-password', COST);
    await bcrypt.compare(candidate, dummyHash);
    return false;
  }
  return bcrypt.compare(candidate, hash);
}
