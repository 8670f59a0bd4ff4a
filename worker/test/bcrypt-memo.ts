import bcrypt from 'bcryptjs';

/**
 * A cost-10 bcrypt hash or compare is ~100 ms of CPU in workerd, and every `signUp()` hashes the same default password
 * and compares it at login: a third of some files' time. Within a workerd (which runs many test files in turn, decision 063), a repeated
 * `bcrypt.hash(password, rounds)` gets the real hash computed the first time, and a repeated
 * `bcrypt.compare(password, hash)` the answer computed the first time. Every answer is bcrypt's own, at the cost the
 * Worker asks for; only the repeats are skipped. Two accounts with one password share a salt here (decision 043).
 * The Worker and the tests import the same `bcryptjs` instance, so spies on it (throttle.test.ts) still see every call.
 */
const { hash, compare } = bcrypt;
const hashes = new Map<string, Promise<string>>();
const answers = new Map<string, Promise<boolean>>();

function remembered<T>(memo: Map<string, Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
  let result = memo.get(key);
  if (result === undefined) {
    result = compute();
    memo.set(key, result);
  }
  return result;
}

// The setup file runs again before each test file in the same workerd; bcrypt is wrapped once.
const MEMOIZED = Symbol.for('ushicho.test.bcrypt-memo');
const marked = bcrypt as typeof bcrypt & { [MEMOIZED]?: true };
if (!marked[MEMOIZED]) {
  marked[MEMOIZED] = true;
  bcrypt.hash = ((password: string, salt: number | string, ...callbacks: unknown[]) =>
    callbacks.length > 0 || typeof salt !== 'number'
      ? (hash as (...args: unknown[]) => unknown)(password, salt, ...callbacks)
      : remembered(hashes, `${salt}\u0000${password}`, () => hash(password, salt))) as typeof hash;

  bcrypt.compare = ((password: string, hashed: string, ...callbacks: unknown[]) =>
    callbacks.length > 0
      ? (compare as (...args: unknown[]) => unknown)(password, hashed, ...callbacks)
      : remembered(answers, `${hashed}\u0000${password}`, () => compare(password, hashed))) as typeof compare;
}
