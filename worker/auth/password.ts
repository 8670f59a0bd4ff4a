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

/** A real cost-10 bcrypt hash of a random string nobody knows: comparing against it is the same work as a user's. */
const DUMMY_HASH = '$2b$10$O0QuIdWNQI/qxjP0NAf6WeZkXI7iV5Ba7cPZFVfxKWlhoYy8eZY4O';

/**
 * Compares in bcrypt's time even when there is no usable hash (no user, an unfinished registration, a Google/LINE
 * account): exactly one compare at cost 10 either way, so timing does not reveal which emails exist (§3).
 */
export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  const candidate = await preHash(password);
  const usable = hash?.startsWith('$2') ? hash : null;
  const matches = await bcrypt.compare(candidate, usable ?? DUMMY_HASH);
  return usable !== null && matches;
}
