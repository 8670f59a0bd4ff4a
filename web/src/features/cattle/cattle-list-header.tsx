import { Link } from '@tanstack/react-router';
import { ChevronDown, Download, FileUp, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { apiFetchBlob, apiFetchFile, downloadBlob } from '../../api/download';
import { useI18n } from '../../lib/i18n';

/**
 * The herd list's title and actions in one row, on a phone too (§20): the two exports behind one menu button, then
 * import and register. Short labels on a phone, the full ones from 640 px; every control keeps the 44 px target.
 */
export function CattleListHeader() {
  const { t } = useI18n();
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !wrapper.current?.contains(e.target as Node)) {
        setOpen(false);
        if (e instanceof KeyboardEvent) toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const exportCsv = async () => {
    setOpen(false);
    downloadBlob(await apiFetchBlob('/cattle/export.csv'), t('cattle.exportFileName'));
  };
  // The workbook for Excel keeps every ID's leading zero; saved under the server's dated name.
  const exportXlsx = async () => {
    setOpen(false);
    const { blob, filename } = await apiFetchFile('/cattle/export.xlsx');
    downloadBlob(blob, filename ?? t('cattle.exportXlsxFileName'));
  };

  return (
    <header className="page__header cattle-header">
      <h1>{t('cattle.title')}</h1>
      <div className="cattle-header__actions">
        <div className="cattle-header__menu" ref={wrapper}>
          <button
            ref={toggle}
            type="button"
            className="button button--small"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((v) => !v)}
          >
            <Download size={18} aria-hidden="true" />
            {t('cattle.exportMenu')}
            <ChevronDown size={16} aria-hidden="true" />
          </button>
          {open ? (
            <ul id={menuId} className="cattle-header__popup card">
              <li>
                <button type="button" className="button button--ghost button--block" onClick={exportCsv}>
                  {t('cattle.export')}
                </button>
              </li>
              <li>
                <button type="button" className="button button--ghost button--block" onClick={exportXlsx}>
                  {t('cattle.exportXlsx')}
                </button>
              </li>
            </ul>
          ) : null}
        </div>
        <Link to="/cattle/import" className="button button--small">
          <FileUp size={18} aria-hidden="true" />
          <span className="cattle-header__short">{t('cattle.importShort')}</span>
          <span className="cattle-header__long">{t('cattle.importCsv')}</span>
        </Link>
        <Link to="/cattle/new" className="button button--primary button--small">
          <Plus size={18} aria-hidden="true" />
          <span className="cattle-header__short">{t('cattle.registerShort')}</span>
          <span className="cattle-header__long">{t('cattle.register')}</span>
        </Link>
      </div>
    </header>
  );
}
