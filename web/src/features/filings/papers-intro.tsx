import { Link } from '@tanstack/react-router';
import { FileCheck } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import './messages';

/**
 * The top of 書類 (§21, turn 4): the one menu entry for the paperwork the law asks for — the NLBC filings (a link to
 * /filings), then the 1 February head count and the AI register, which the route shows below.
 */
export function PapersIntro() {
  const { t } = useI18n();
  return (
    <>
      <div className="page__header">
        <h1>{t('papers.title')}</h1>
        <p className="muted">{t('papers.lead')}</p>
      </div>
      <section className="card papers__filings" aria-labelledby="papers-filings">
        <h2 id="papers-filings">{t('filings.title')}</h2>
        <p className="muted">{t('filings.lead')}</p>
        <Link to="/filings" className="button button--primary">
          <FileCheck size={20} aria-hidden="true" />
          {t('papers.openFilings')}
        </Link>
      </section>
    </>
  );
}
