import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { downloadBlob } from '../../api/download';
import { fetchBackup, restoreBackup } from '../../api/history';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError } from '../../components/form';
import { describeError } from '../../lib/form-errors';
import { useI18n } from '../../lib/i18n';
import './messages';

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
    mutationFn: async (chosen: File) => {
      let document: unknown;
      try {
        document = JSON.parse(await chosen.text());
      } catch {
        throw new Error(t('history.badFile'));
      }
      return restoreBackup(farmId, document);
    },
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
        error={restore.error}
        onConfirm={() => file && restore.mutate(file)}
        onClose={() => setConfirming(false)}
      >
        <p>{t('history.restoreBackupBody', { file: file?.name ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
