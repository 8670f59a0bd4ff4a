import { defineMessages, useI18n } from '../lib/i18n';

defineMessages({
  ja: { pager: { page: '{{page}} / {{pages}} ページ', prev: '前へ', next: '次へ' } },
  en: { pager: { page: 'Page {{page}} of {{pages}}', prev: 'Previous', next: 'Next' } },
});

/** Previous / "page of pages" / next under a paged list; nothing when everything fits on one page. */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  const label = t('pager.page', { page, pages });
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pager.prev')}
      </button>
      <span>{label}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
