import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../env';
import { signToken, verifyBearer } from './tokens';

const env = { ENVIRONMENT: 'development', JWT_SECRET: 'a-test-secret-of-at-least-32-bytes!!' } as Env;
const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

/** The isolate keeps a verified token until it expires (tokens.ts): these check what the keeping must not change. */
describe('verifyBearer with verified tokens kept', () => {
  it('answers the same for a token seen before, and refuses it once expired', async () => {
    const token = await signToken(env, 7, 'session-a', nowSeconds() + 60);
    const first = await verifyBearer(env, `Bearer ${token}`);
    expect(first).toMatchObject({ userId: 7, sessionId: 'session-a' });
    expect(await verifyBearer(env, `Bearer ${token}`)).toEqual(first);
    // 61 s later the kept answer is past its exp: 401 'Token expired', as for a token never seen.
    vi.useFakeTimers();
    vi.setSystemTime(Date.now() + 61_000);
    await expect(verifyBearer(env, `Bearer ${token}`)).rejects.toMatchObject({ status: 401, message: 'Token expired' });
  });

  it('does not take a changed signature or another secret from the kept answers', async () => {
    const token = await signToken(env, 8, 'session-b', nowSeconds() + 60);
    await verifyBearer(env, `Bearer ${token}`);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(verifyBearer(env, `Bearer ${forged}`)).rejects.toMatchObject({ status: 401 });
    const other = { ...env, JWT_SECRET: 'another-secret-of-at-least-32-bytes!!' } as Env;
    await expect(verifyBearer(other, `Bearer ${token}`)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
    });
  });
});
