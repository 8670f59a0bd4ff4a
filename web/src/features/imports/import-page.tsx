import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Download, FileUp } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { downloadBlob } from '../../api/download';
import { useCurrentFarm } from '../../api/farms';
import {
  ImportRejectedError,
  type ImportReport,
  importHerdFile,
  MAX_IMPORT_BYTES,
  previewHerdFile,
} from '../../api/imports';
import { ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { ImportReportView } from './import-report';
import { templateBlob } from './template';
import './messages';
import './imports.css';

const count = (n: number) => n.toLocaleString('ja-JP');

/** The words for an answer that is not a report: too large, not allowed, or the API's own message. */
function useProblemText() {
  const { t } = useI18n();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 413) return t('imports.tooLarge');
    if (error instanceof ApiError && error.status === 403) return t('imports.forbidden');
    if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return t('common.networkError');
    return error instanceof Error ? error.message : String(error);
  };
}

/** Choosing a file: a large button (a labelled file input) or a drop anywhere on the zone. */
function FilePicker({ disabled, onFile }: { disabled: boolean; onFile: (file: File) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <section
      className={dragging ? 'card import-drop is-dragging' : 'card import-drop'}
      aria-label={t('imports.dropZone')}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="import-drop__input"
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (corrected in Excel meanwhile) reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={id}
        className={
          disabled ? 'button button--primary import-drop__pick is-disabled' : 'button button--primary import-drop__pick'
        }
      >
        <FileUp size={22} aria-hidden="true" />
        {t('imports.pick')}
      </label>
      <p className="import-drop__or" aria-hidden="true">
        {dragging ? t('imports.dropActive') : t('imports.drop')}
      </p>
      <p className="field__hint" id={`${id}-hint`}>
        {t('imports.fileHint')}
      </p>
    </section>
  );
}

function Help() {
  const { t } = useI18n();
  return (
    <section className="card import-help" aria-labelledby="import-help">
      <h2 id="import-help">{t('imports.helpTitle')}</h2>
      <ul>
        <li>{t('imports.helpNlbc')}</li>
        <li>{t('imports.helpExcel')}</li>
        <li>{t('imports.helpId')}</li>
        <li>{t('imports.helpDates')}</li>
        <li>{t('imports.helpHistory')}</li>
        <li>{t('imports.helpPens')}</li>
        <li>{t('imports.helpTemplate')}</li>
      </ul>
      <button
        type="button"
        className="button"
        onClick={() => downloadBlob(templateBlob(), t('imports.templateFileName'))}
      >
        <Download size={18} aria-hidden="true" />
        {t('imports.template')}
      </button>
    </section>
  );
}

/**
 * The import button, or why it cannot be pressed yet, or the progress while the rows go in. With rows in error, the
 * all-or-nothing button stays off and a second one imports the other rows, leaving those in error out.
 */
function ImportBar({
  report,
  pending,
  onImport,
}: {
  report: ImportReport;
  pending: boolean;
  onImport: (options: { skipInvalid: boolean }) => void;
}) {
  const { t } = useI18n();
  const { summary } = report;
  const blocked =
    summary.errors > 0
      ? t('imports.blockedErrors', { count: count(summary.errors) })
      : summary.create + summary.update === 0
        ? t('imports.blockedNothing')
        : null;
  // The rows that go in when those in error are left out: worth offering only when some of them change something.
  const valid = summary.rows - summary.errors;
  const canSkip = summary.errors > 0 && summary.create + summary.update > 0;
  return (
    // Stuck above the bottom navigation while it can be pressed; a blocked bar stays at the end of the rows.
    <div className={blocked && !pending && !canSkip ? 'import-bar' : 'import-bar import-bar--sticky'}>
      {pending ? (
        <div className="import-progress" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>
            <strong>{t('imports.importing', { count: count(summary.rows) })}</strong>
            <span className="muted"> {t('imports.importingHint')}</span>
          </span>
        </div>
      ) : blocked ? (
        <p className="import-bar__blocked" id="import-blocked">
          {blocked}
        </p>
      ) : null}
      <div className="import-bar__buttons">
        <button
          type="button"
          className={canSkip ? 'button button--block' : 'button button--primary button--block'}
          disabled={blocked !== null || pending}
          aria-describedby={blocked ? 'import-blocked' : undefined}
          onClick={() => onImport({ skipInvalid: false })}
        >
          {pending && !canSkip ? <span className="spinner" aria-hidden="true" /> : null}
          {t('imports.submit', { count: count(summary.rows) })}
        </button>
        {canSkip ? (
          <button
            type="button"
            className="button button--primary button--block"
            disabled={pending}
            onClick={() => onImport({ skipInvalid: true })}
          >
            {pending ? <span className="spinner" aria-hidden="true" /> : null}
            {t('imports.submitValid', { count: count(valid) })}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function Done({ report, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { summary } = report;
  return (
    <section className="card import-done" aria-labelledby="import-done">
      <h2 id="import-done" ref={heading} tabIndex={-1}>
        <CheckCircle2 size={24} aria-hidden="true" />
        {t('imports.doneTitle')}
      </h2>
      <p data-testid="import-done-summary">
        {t('imports.doneSummary', {
          create: count(summary.create),
          update: count(summary.update),
          unchanged: count(summary.unchanged),
        })}
      </p>
      {report.newPens.length > 0 ? (
        <p data-testid="import-done-pens">{t('imports.donePens', { names: report.newPens.join('、') })}</p>
      ) : null}
      {summary.skipped > 0 ? (
        <p className="import-done__skipped" data-testid="import-done-skipped">
          {t('imports.doneSkipped', { count: count(summary.skipped) })}
        </p>
      ) : null}
      <div className="page__actions">
        <Link to="/cattle" className="button button--primary">
          {t('imports.toHerd')}
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          {t('imports.another')}
        </button>
      </div>
    </section>
  );
}

function ViewerNotice() {
  const { t } = useI18n();
  return (
    <section className="card import-viewer" aria-labelledby="import-viewer">
      <h2 id="import-viewer">{t('imports.viewerTitle')}</h2>
      <p>{t('imports.viewerBody')}</p>
      <Link to="/cattle" className="button">
        {t('imports.back')}
      </Link>
    </section>
  );
}

/** `/cattle/import`: choose or drop a herd file, see at once what it would do, then import all of it or nothing. */
export function ImportPage() {
  const { t } = useI18n();
  const problemText = useProblemText();
  const queryClient = useQueryClient();
  const { farms, current } = useCurrentFarm();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const preview = useMutation({ mutationFn: (chosen: File) => previewHerdFile(chosen) });
  const commit = useMutation({
    mutationFn: ({ chosen, skipInvalid }: { chosen: File; skipInvalid: boolean }) =>
      importHerdFile(chosen, { skipInvalid }),
    // Every screen showing the herd, its events, alerts or KPIs reads it again; the account and the farms stay.
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'accounts' && q.queryKey[0] !== 'farms' }),
  });

  const choose = (chosen: File) => {
    setFile(chosen);
    commit.reset();
    preview.reset();
    setTooLarge(chosen.size > MAX_IMPORT_BYTES);
    if (chosen.size <= MAX_IMPORT_BYTES) preview.mutate(chosen);
  };
  const startOver = () => {
    setFile(null);
    setTooLarge(false);
    commit.reset();
    preview.reset();
  };

  if (farms.isPending) return <Loading />;
  if (farms.isError) return <ErrorState error={farms.error} onRetry={() => farms.refetch()} />;

  const rejected = commit.error instanceof ImportRejectedError ? commit.error : null;
  const report = rejected?.report ?? preview.data ?? null;
  const viewer = current?.role === 'viewer';

  return (
    <div className="page import-page">
      <header className="page__header page__header--row">
        <div>
          <h1>{t('imports.title')}</h1>
          <p className="muted">{t('imports.lead')}</p>
        </div>
        <Link to="/cattle" className="button button--ghost">
          {t('imports.back')}
        </Link>
      </header>

      {viewer ? (
        <ViewerNotice />
      ) : (
        <>
          <div className="import-start">
            <FilePicker disabled={commit.isPending} onFile={choose} />
            {report ? null : <Help />}
          </div>

          {tooLarge ? (
            <div className="alert alert--error" role="alert">
              <p>{t('imports.tooLarge')}</p>
            </div>
          ) : null}

          {file && preview.isPending ? (
            <div className="import-progress" role="status" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              {t('imports.checking', { name: file.name })}
            </div>
          ) : null}

          {preview.isError ? (
            <div className="alert alert--error" role="alert">
              <p>
                <strong>{t('imports.fileError')}</strong>
              </p>
              <p>{problemText(preview.error)}</p>
            </div>
          ) : null}

          {commit.isSuccess ? (
            <Done report={commit.data} onAnother={startOver} />
          ) : report && file ? (
            <>
              {rejected ? (
                <div className="alert alert--error" role="alert">
                  <p>{t('imports.rejected')}</p>
                </div>
              ) : commit.isError ? (
                <div className="alert alert--error" role="alert">
                  <p>{problemText(commit.error)}</p>
                </div>
              ) : null}
              <ImportReportView report={report} fileName={file.name} />
              <ImportBar
                report={report}
                pending={commit.isPending}
                onImport={({ skipInvalid }) => commit.mutate({ chosen: file, skipInvalid })}
              />
            </>
          ) : null}
          {/* Once a file is read, the help moves below its report. */}
          {report ? <Help /> : null}
        </>
      )}
    </div>
  );
}
