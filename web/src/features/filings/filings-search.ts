import { FILING_KINDS } from '@worker/domain/filings';
import { oneOf, searchOf } from '../../lib/search-params';

/** /filings keeps the kind and the pending/filed view in the URL. */
export const filingsSearch = searchOf({ kind: oneOf(FILING_KINDS), status: oneOf(['pending', 'filed']) });
export type FilingsSearch = ReturnType<typeof filingsSearch>;
