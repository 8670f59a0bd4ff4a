import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatInstantTimeJa } from '@worker/domain/calendar';
import { type FormEvent, useEffect, useState } from 'react';
import {
  adminCredentials,
  adminKeys,
  fetchRegistrationsCsv,
  type Registration,
  type RegistrationFilters,
  registrationsListQuery,
} from '../../api/admin';
import { ApiError } from '../../api/client';
import { downloadBlob } from '../../api/download';
import { FormError, SelectField, SubmitButton, TextField } from '../../components/form';
import { LanguageSwitch } from '../../components/public-layout';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { useI18n } from '../../lib/i18n';
import { REFERRAL_SOURCES, referralLabel } from '../../lib/referral-sources';
import { AdminSignIn, adminErrorMessage } from './admin-sign-in';
import type { RegistrationsSearch } from './registrations-search';
import './admin.css';
import './messages';

const PAGE_SIZE = 20;

/** The admin's waiting list; `search`: its filters and page from the URL. */
export function RegistrationsPage({ search }: { search: RegistrationsSearch }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [authorization, setAuthorization] = useState(adminCredentials.get);
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = (message: string | null = null) => {
    adminCredentials.clear();
    setAuthorization(null);
    setNotice(message);
    queryClient.removeQueries({ queryKey: adminKeys.all });
  };

  return (
    <div className="public admin">
      <header className="public__header">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            牛
          </span>
          <span>
            {t('app.name')} <span className="admin__area">{t('admin.area')}</span>
          </span>
        </Link>
        <div className="admin__header-actions">
          <LanguageSwitch />
          {authorization ? (
            <button type="button" className="button button--small" onClick={() => signOut()}>
              {t('admin.signOut')}
            </button>
          ) : null}
        </div>
      </header>
      <main id="main" className="admin__main">
        {authorization ? (
          <RegistrationsList
            search={search}
            authorization={authorization}
            onUnauthorized={() => signOut(t('admin.signedOut'))}
          />
        ) : (
          <AdminSignIn
            notice={notice}
            onSignedIn={(header) => {
              adminCredentials.set(header);
              setNotice(null);
              setAuthorization(header);
            }}
          />
        )}
      </main>
    </div>
  );
}

function RegistrationsList({
  search,
  authorization,
  onUnauthorized,
}: {
  search: RegistrationsSearch;
  authorization: string;
  onUnauthorized: () => void;
}) {
  const { t, locale } = useI18n();
  const navigate = useNavigate({ from: '/admin/registrations' });
  const page = search.page ?? 1;
  const filters: RegistrationFilters = { q: search.q, source: search.source, from: search.from, to: search.to };
  const [rangeError, setRangeError] = useState<string | null>(null);

  const list = useQuery({
    ...registrationsListQuery(authorization, filters, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
  });
  const download = useMutation({
    mutationFn: async () => downloadBlob(await fetchRegistrationsCsv(filters, authorization), 'registrations.csv'),
  });

  const unauthorized = [list.error, download.error].some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  const go = (next: RegistrationsSearch) => navigate({ search: next, replace: false });

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const next = { q: value('q'), source: value('source'), from: value('from'), to: value('to') };
    if (next.from && next.to && next.from > next.to) return setRangeError(t('admin.rangeInvalid'));
    setRangeError(null);
    go(next);
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const start = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const end = Math.min(total, page * PAGE_SIZE);
  const hasFilters = Boolean(filters.q || filters.source || filters.from || filters.to);

  return (
    <div className="page">
      <header className="admin__title">
        <h1>{t('admin.title')}</h1>
        <button
          type="button"
          className="button button--primary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-busy={download.isPending}
        >
          {download.isPending ? <span className="spinner" aria-hidden="true" /> : null}
          {t('admin.download')}
        </button>
      </header>
      <FormError message={adminErrorMessage(download.error)} />

      <search aria-label={t('admin.filters')}>
        <form key={JSON.stringify(filters)} className="card admin__filters" onSubmit={onFilter}>
          <TextField
            label={t('admin.search')}
            name="q"
            type="search"
            inputMode="email"
            defaultValue={filters.q ?? ''}
          />
          <SelectField label={t('admin.source')} name="source" defaultValue={filters.source ?? ''}>
            <option value="">{t('admin.allSources')}</option>
            {REFERRAL_SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`referral.${source}`)}
              </option>
            ))}
          </SelectField>
          <TextField label={t('admin.from')} name="from" type="date" defaultValue={filters.from ?? ''} />
          <TextField
            label={t('admin.to')}
            name="to"
            type="date"
            defaultValue={filters.to ?? ''}
            error={rangeError ?? undefined}
          />
          <div className="admin__filter-actions">
            <SubmitButton pending={list.isFetching && !list.isLoading}>{t('admin.apply')}</SubmitButton>
            {hasFilters ? (
              <button type="button" className="button" onClick={() => go({})}>
                {t('admin.clear')}
              </button>
            ) : null}
          </div>
        </form>
      </search>

      {list.isLoading ? (
        <Loading />
      ) : list.error && !unauthorized ? (
        <ErrorState error={new Error(adminErrorMessage(list.error) ?? '')} onRetry={() => list.refetch()} />
      ) : list.data && total === 0 ? (
        <EmptyState title={t('admin.empty')}>{hasFilters ? <p>{t('admin.emptyHint')}</p> : null}</EmptyState>
      ) : list.data ? (
        <section aria-labelledby="admin-count">
          <p id="admin-count" className="muted" aria-live="polite">
            {t('admin.count', { total, start, end })}
          </p>
          <RegistrationsTable items={list.data.items} locale={locale} />
          <nav className="admin__pager" aria-label={t('admin.paging')}>
            <button
              type="button"
              className="button"
              disabled={page <= 1}
              onClick={() => go({ ...search, page: page - 1 })}
            >
              {t('admin.previous')}
            </button>
            <span>{t('admin.page', { page, pages })}</span>
            <button
              type="button"
              className="button"
              disabled={page >= pages}
              onClick={() => go({ ...search, page: page + 1 })}
            >
              {t('admin.next')}
            </button>
          </nav>
        </section>
      ) : null}
    </div>
  );
}

function RegistrationsTable({ items, locale }: { items: Registration[]; locale: string }) {
  const { t } = useI18n();
  const columns = {
    email: t('admin.colEmail'),
    source: t('admin.colSource'),
    status: t('admin.colStatus'),
    locale: t('admin.colLocale'),
    created: t('admin.colCreated'),
  };
  return (
    <table className="admin-table" lang={locale}>
      <thead>
        <tr>
          <th scope="col">{columns.email}</th>
          <th scope="col">{columns.source}</th>
          <th scope="col">{columns.status}</th>
          <th scope="col">{columns.locale}</th>
          <th scope="col">{columns.created}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((r) => (
          <tr key={r.id}>
            <th scope="row" className="admin-table__email">
              {r.email}
            </th>
            <td data-label={columns.source}>{referralLabel(r.referralSource) || '—'}</td>
            <td data-label={columns.status}>{r.status === 'pending' ? t('admin.statusPending') : r.status}</td>
            <td data-label={columns.locale}>{r.locale === 'en' ? t('admin.localeEn') : t('admin.localeJa')}</td>
            <td data-label={columns.created}>{formatInstantTimeJa(r.createdAt * 1000)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
