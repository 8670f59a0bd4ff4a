import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { downloadBlob } from '../../api/download';
import { fetchBackup, restoreBackup } from '../../api/history';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError } from '../../components/form';
import { ApiError } from '../../lib/api-error';
import { describeError } from '../../lib/form-errors';
import { translate, useI18n } from '../../lib/i18n';
import './history.css';
import './messages';

/** Where an issue of a refused restore is, as a farmer reads it: 'events[12].event_type' → '記録 13件目（event_type）'. */
function rowOf(field: string): string {
  const match = /^(\w+)\[(\d+)\]\.?(.*)$/.exec(field);
  if (!match) return field;
  const [, table, index, column] = match;
  const key = `history.tables.${table}`;
  const name = translate(key);
  return translate('history.badRow', {
    table: name === key ? table : name,
    row: String(Number(index) + 1),
    field: column,
  });
}

/** A 400 that names rows and fields: each issue in a list (the dialog shows any other error by its message). */
function RowErrors({ error }: { error: unknown }) {
  const { t } = useI18n();
  if (!(error instanceof ApiError) || error.issues.length === 0) return null;
  return (
    <div className="alert alert--error" role="alert">
      <p>{t('history.badRows', { count: error.issues.length })}</p>
      <ul className="backup__issues">
        {error.issues.map((issue) => (
          <li key={issue.field}>
            {rowOf(issue.field)}: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

const hasRows = (error: unknown) => error instanceof ApiError && error.issues.length > 0;

/** The farm's backup (owner): download it as one JSON file, or restore one into this farm when it has no animals. */
export function BackupSection({ farmId }: { farmId: number }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [restored, setRestored] = useState<Record<string, number> | null>(null);
  const download = useMutation({
    mutationFn: () => fetchBackup(farmId),
    onSuccess: (blob) => downloadBlob(blob, `ushicho-backup-${farmId}-${new Date().toISOString().slice(0, 10)}.json`),
  });
  const restore = useMutation({
    mutationFn: (chosen: File) => restoreBackup(farmId, chosen),
    onSuccess: async (counts) => {
      setConfirming(false);
      setRestored(counts);
      await queryClient.invalidateQueries();
    },
  });
  return (
    <section className="card backup" aria-labelledby="backup-title">
      <h2 id="backup-title">{t('history.backupTitle')}</h2>
      <p>{t('history.backupLead')}</p>
      <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending}>
        {download.isPending ? t('history.downloading') : t('history.download')}
      </button>
      <FormError message={download.error ? describeError(download.error).message : undefined} />
      <div className="field">
        <label htmlFor={fileId}>{t('history.restoreFile')}</label>
        <input
          id={fileId}
          type="file"
          accept="application/json,.json"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
      </div>
      <button
        type="button"
        className="button button--danger"
        disabled={!file}
        onClick={() => {
          restore.reset();
          setConfirming(true);
        }}
      >
        {t('history.restoreSubmit')}
      </button>
      {restored ? (
        <p className="alert alert--success" role="status">
          {t('history.restoredBackup', { cattle: restored.cattle ?? 0, events: restored.events ?? 0 })}
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('history.restoreBackupTitle')}
        confirmLabel={t('history.restoreSubmit')}
        pending={restore.isPending}
        error={hasRows(restore.error) ? null : restore.error}
        onConfirm={() => file && restore.mutate(file)}
        onClose={() => setConfirming(false)}
      >
        <p>{t('history.restoreBackupBody', { file: file?.name ?? '' })}</p>
        <RowErrors error={restore.error} />
      </ConfirmDialog>
    </section>
  );
}
