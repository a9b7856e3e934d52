import type { AdminAuditEntry } from '@sobremesa/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate, formatTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminAuditQuery, type AuditFilters } from '../api/admin-api.ts';

/** A before/after value as a short readable text. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an entry changed, with their value before and after. */
function changes(entry: AdminAuditEntry): { field: string; before: string; after: string }[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isObject(entry.before) && !isObject(entry.after)) {
    return [{ field: '', before: shown(entry.before), after: shown(entry.after) }];
  }
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].map((field) => ({
    field,
    before: shown(before[field]),
    after: shown(after[field]),
  }));
}

/** /ebitdata/audit: who changed what and when, with before and after (SEC-11), filterable and paged. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const when = (at: string) =>
    `${formatDate(new Date(at), locale, venueConfig.timeZone)} ${formatTime(new Date(at), locale, venueConfig.timeZone)}`;
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const beforeId = pages.at(-1) ?? null;
  const { data, isError, refetch } = useQuery(adminAuditQuery(filters, beforeId));

  const filter = (next: AuditFilters) => {
    setFilters(next);
    setPages([null]);
  };

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('audit.title')}</h1>
      <p className="muted">{t('audit.intro')}</p>
      <div className="admin-audit__filters">
        <div className="field">
          <label htmlFor="audit-action" className="field__label">
            {t('audit.action')}
          </label>
          <select
            id="audit-action"
            className="select"
            value={filters.action ?? ''}
            onChange={(event) => filter({ ...filters, action: event.target.value || undefined })}
          >
            <option value="">{t('audit.all')}</option>
            {(data?.actions ?? []).map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="audit-entity" className="field__label">
            {t('audit.entity')}
          </label>
          <select
            id="audit-entity"
            className="select"
            value={filters.entity ?? ''}
            onChange={(event) => filter({ ...filters, entity: event.target.value || undefined })}
          >
            <option value="">{t('audit.all')}</option>
            {(data?.entities ?? []).map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isError && (
        <p className="notice notice--error" role="alert">
          {t('errors.network')}{' '}
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('retry')}
          </button>
        </p>
      )}
      {data && data.entries.length === 0 && <p>{t('audit.empty')}</p>}
      {data && data.entries.length > 0 && (
        <div className="admin-audit__scroll">
          <table className="admin-audit__table">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.field')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.flatMap((entry) =>
                changes(entry).map((change, index) => (
                  <tr key={`${entry.id}-${change.field}`}>
                    {index === 0 ? (
                      <>
                        <td>
                          <time dateTime={entry.at}>{when(entry.at)}</time>
                        </td>
                        <td>
                          {entry.actorName ?? t('audit.system')}
                          {entry.actorRole && <span className="muted"> ({entry.actorRole})</span>}
                        </td>
                        <td>
                          {entry.action}
                          {entry.entityId && <span className="muted"> #{entry.entityId}</span>}
                        </td>
                      </>
                    ) : (
                      <>
                        <td />
                        <td />
                        <td />
                      </>
                    )}
                    <td>{change.field}</td>
                    <td className="admin-audit__value">{change.before}</td>
                    <td className="admin-audit__value">{change.after}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="admin-section__actions">
        {pages.length > 1 && (
          <button type="button" className="button" onClick={() => setPages(pages.slice(0, -1))}>
            {t('audit.newer')}
          </button>
        )}
        {data && data.nextBeforeId !== null && (
          <button type="button" className="button" onClick={() => setPages([...pages, data.nextBeforeId])}>
            {t('audit.older')}
          </button>
        )}
      </div>
    </div>
  );
}
