import { isoDate, pageNumber, searchOf, text } from '../../lib/search-params';

/** URL search of /admin/registrations: filters and page survive reloads and can be shared. */
export const registrationsSearch = searchOf({ q: text, source: text, from: isoDate, to: isoDate, page: pageNumber });
export type RegistrationsSearch = ReturnType<typeof registrationsSearch>;
