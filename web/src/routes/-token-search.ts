import { searchOf, text } from '../lib/search-params';

/** `?token=` of the links in mails (verification, completion, password reset, invitation). */
export const tokenSearch = searchOf({ token: text });
