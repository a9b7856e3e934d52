import type { AdminAuditEntry } from '@sobremesa/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatDate, formatMoney, formatTime } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminAuditQuery, type AuditFilters } from '../api/admin-api.ts';
import {
  auditActionKey,
  auditChanges,
  auditEntityKey,
  isAuditField,
  type AuditValue,
} from '../audit-labels.ts';

/** /ebitdata/audit: who changed what and when, with before and after (SEC-11), filterable and paged. */
export function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  // The states and line statuses in the floor's own words, so the log and the floor say the same.
  const { t: floor } = useTranslation('floor');
  const { locale } = useLocale();
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const when = (at: string) =>
    `${formatDate(new Date(at), locale, venueConfig.timeZone)} ${formatTime(new Date(at), locale, venueConfig.timeZone)}`;
  const action = (key: string) => t(`audit.actions.${auditActionKey(key)}` as 'audit.actions.other');
  const entity = (key: string) => t(`audit.entities.${auditEntityKey(key)}` as 'audit.entities.other');
  const actor = (role: string) => (role === 'admin' || role === 'staff' ? t(`audit.actors.${role}`) : role);
  // A venue setting is named as its form names it; a datum of neither kind keeps its own name.
  const field = (key: string) => {
    if (isAuditField(key)) return t(`audit.fields.${key}`);
    return i18n.exists(`fields.${key}.label`, { ns: 'admin' })
      ? t(`fields.${key}.label` as 'fields.businessName.label')
      : key;
  };
  const value = (shown: AuditValue): string => {
    switch (shown.kind) {
      case 'none':
        return '—';
      case 'yes':
      case 'no':
        return t(`audit.${shown.kind}`);
      case 'money':
        return formatMoney(shown.cents, locale, venueConfig.currency);
      case 'instant':
        return when(shown.iso);
      case 'method':
        return t(`audit.methods.${shown.method}`);
      case 'reservationState':
        return floor(`states.${shown.state}`);
      case 'lineStatus':
        return floor(`lineStatus.${shown.status}`);
      case 'text':
        return shown.text;
    }
  };
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
            {(data?.actions ?? []).map((key) => (
              <option key={key} value={key}>
                {action(key)}
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
            {(data?.entities ?? []).map((key) => (
              <option key={key} value={key}>
                {entity(key)}
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
              {data.entries.flatMap((entry: AdminAuditEntry) =>
                auditChanges(entry).map((change, index) => (
                  <tr key={`${entry.id}-${change.field}`}>
                    {index === 0 ? (
                      <>
                        <td>
                          <time dateTime={entry.at}>{when(entry.at)}</time>
                        </td>
                        <td>
                          {entry.actorName ?? t('audit.system')}
                          {entry.actorRole && <span className="muted"> ({actor(entry.actorRole)})</span>}
                        </td>
                        <td>
                          {action(entry.action)}
                          {entry.entityId && (
                            <span className="muted">
                              {' '}
                              · {entity(entry.entity)} {entry.entityId}
                            </span>
                          )}
                        </td>
                      </>
                    ) : (
                      <>
                        <td />
                        <td />
                        <td />
                      </>
                    )}
                    <td>{change.field && field(change.field)}</td>
                    <td className="admin-audit__value">{value(change.before)}</td>
                    <td className="admin-audit__value">{value(change.after)}</td>
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
