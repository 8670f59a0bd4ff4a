import { useI18n } from '../lib/i18n';

/** What a paged list (`useInfiniteQuery`) tells the button. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * 'さらに表示' under a list fetched a page at a time: the next page on a tap, '読み込み中…' (and disabled) while it
 * comes, nothing once the last page is shown.
 */
export function LoadMore({ pages }: { pages: Pages }) {
  const { t } = useI18n();
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--block"
      disabled={pages.isFetchingNextPage}
      aria-busy={pages.isFetchingNextPage}
      onClick={() => void pages.fetchNextPage()}
    >
      {pages.isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
    </button>
  );
}
