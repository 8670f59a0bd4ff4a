import { fieldErrors } from '../lib/errors';
import list from './common-passwords.data';

let common: Set<string> | undefined;

export const COMMON_PASSWORD_MESSAGE =
  'このパスワードはよく使われていて推測されやすいため使用できません。別のパスワードを入力してください';

/** Whether a password is one of the 10,000 most common (case-insensitive; §3). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(list.split('\n'));
  return common.has(password.toLowerCase());
}

/** Refuses a new password that is too common, as a 400 on its field. */
export function assertUncommonPassword(password: string, field = 'password') {
  if (isCommonPassword(password)) throw fieldErrors([{ path: [field], message: COMMON_PASSWORD_MESSAGE }]);
}
