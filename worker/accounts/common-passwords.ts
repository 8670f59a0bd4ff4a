import { fieldErrors } from '../lib/errors';
import list from './common-passwords.data';

let common: Set<string> | undefined;

export const COMMON_PASSWORD_MESSAGE =
  'このパスワードはよく使われていて推測されやすいため使用できません。別のパスワードを入力してください';

/** Zero-width characters a pasted password may carry (ZWSP, ZWNJ, ZWJ, word joiner, BOM). */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
/** A password of fewer distinct characters is refused as the list's are ('aaaaaaaa', 'abababab'). */
const MIN_DISTINCT_CHARACTERS = 5;

/** The form a password is compared in: NFKC (ｐａｓｓｗｏｒｄ → password), no zero-width characters, trimmed, lower case. */
const comparablePassword = (password: string): string =>
  password.normalize('NFKC').replace(ZERO_WIDTH, '').trim().toLowerCase();

/**
 * Whether a password is too easy to guess (§3): one of the 10,000 most common after `comparablePassword`, or made of
 * fewer than 5 distinct characters.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.split('\n'));
  const comparable = comparablePassword(password);
  return common.has(comparable) || new Set(comparable).size < MIN_DISTINCT_CHARACTERS;
}

/** Refuses a new password that is too common, as a 400 on its field. */
export function assertUncommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw fieldErrors([{ path: [field], message: COMMON_PASSWORD_MESSAGE }]);
}
