/**
 * The herd list's selection (docs/product.md §26): how many animals are chosen (or この牛房の全頭 when the list
 * shows one pen), with まとめて記録 and 牛房を移動. The route gives it to the herd list, which knows nothing of pens.
 */
import { useState } from 'react';
import { useI18n } from '../../lib/i18n';
import { BulkDialog, type BulkTarget } from './bulk-form';
import './messages';
import './pens.css';

export function SelectionBar({
  animals,
  pen,
  onClear,
}: {
  animals: { cattleId: number; label: string }[];
  /** The pen the list shows, offered as この牛房の全頭. */
  pen: { id: number; name: string } | null;
  onClear: () => void;
}) {
  const { t } = useI18n();
  const [group, setGroup] = useState<{ target: BulkTarget; move: boolean } | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const chosen: BulkTarget | null = animals.length ? { animals } : pen ? { pen } : null;
  return (
    <>
      {note ? (
        <p className="alert alert--success" role="status">
          {note}
        </p>
      ) : null}
      {chosen ? (
        <section className="selection-bar" aria-label={t('pens.recordBulk')}>
          <span aria-live="polite">
            {'pen' in chosen
              ? t('pens.wholePen', { name: chosen.pen.name })
              : t('pens.selected', { n: animals.length })}
          </span>
          <div className="selection-bar__actions">
            <button
              type="button"
              className="button button--small button--primary"
              onClick={() => setGroup({ target: chosen, move: false })}
            >
              {t('pens.recordBulk')}
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => setGroup({ target: chosen, move: true })}
            >
              {t('pens.movePen')}
            </button>
            {animals.length ? (
              <button type="button" className="button button--small button--ghost" onClick={onClear}>
                {t('pens.clear')}
              </button>
            ) : null}
          </div>
        </section>
      ) : null}
      <BulkDialog
        target={group?.target ?? null}
        move={group?.move ?? false}
        onClose={() => setGroup(null)}
        onDone={(text) => {
          setGroup(null);
          setNote(text);
          onClear();
        }}
      />
    </>
  );
}
