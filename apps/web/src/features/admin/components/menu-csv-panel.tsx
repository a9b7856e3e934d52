import type { MenuCsvImportResponse, MenuCsvRowError } from '@sobremesa/contracts';
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/api-document.ts';
import { csvRowErrors, mediaCalls } from '../../../lib/media-api.ts';
import { useMenuCsvImport } from '../api/menu-csv-import.ts';

/** Rows of a plan shown on screen; the counts above them cover the whole file. */
const SHOWN_CHANGES = 200;

type Step =
  | { readonly kind: 'idle' }
  | { readonly kind: 'checking' | 'importing'; readonly file: File }
  | { readonly kind: 'planned'; readonly file: File; readonly plan: MenuCsvImportResponse }
  | { readonly kind: 'refused'; readonly message: string; readonly rows: readonly MenuCsvRowError[] }
  | { readonly kind: 'done'; readonly result: MenuCsvImportResponse };

/**
 * The menu as a spreadsheet (issue 22, decision 061): download every product as CSV, and bring a file
 * back in two steps: a dry run shows what it would create and change (or every problem by row and
 * column), and only the admin's confirmation writes it.
 */
export function MenuCsvPanel() {
  const { t } = useTranslation('admin');
  const { write } = useMenuCsvImport();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const busy = step.kind === 'checking' || step.kind === 'importing';

  const failureMessage = (error: unknown) => serverMessage(error, t('errors.network'));

  async function download() {
    setExportError(null);
    setExporting(true);
    try {
      saveBlob(await mediaCalls.exportMenuCsv(), 'carta.csv');
    } catch (error) {
      setExportError(failureMessage(error));
    } finally {
      setExporting(false);
    }
  }

  async function check(file: File) {
    setStep({ kind: 'checking', file });
    try {
      setStep({ kind: 'planned', file, plan: await mediaCalls.importMenuCsv(file, true) });
    } catch (error) {
      setStep({ kind: 'refused', message: failureMessage(error), rows: csvRowErrors(error) });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  async function confirm(file: File) {
    setStep({ kind: 'importing', file });
    try {
      const result = await write(() => mediaCalls.importMenuCsv(file, false));
      setStep({ kind: 'done', result });
    } catch (error) {
      setStep({ kind: 'refused', message: failureMessage(error), rows: csvRowErrors(error) });
    }
  }

  const counts = (result: MenuCsvImportResponse) =>
    t('menuCsv.counts', { created: result.created, updated: result.updated, unchanged: result.unchanged });

  return (
    <AdminSection id="admin-section-menu-csv" title={t('menuCsv.title')} intro={t('menuCsv.intro')}>
      <div className="admin-section__actions">
        <button type="button" className="button" disabled={exporting} onClick={() => void download()}>
          {exporting ? t('menuCsv.exporting') : t('menuCsv.export')}
        </button>
      </div>
      {exportError && (
        <p className="notice notice--error" role="alert">
          {exportError}
        </p>
      )}

      <div className="menu-csv__import">
        <label htmlFor={inputId} className="image-upload__label">
          {t('menuCsv.importLabel')}
        </label>
        <p className="muted">{t('menuCsv.importHint')}</p>
        <input
          ref={input}
          id={inputId}
          type="file"
          className="image-upload__input"
          accept=".csv,text/csv"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void check(file);
          }}
        />
      </div>

      <div aria-live="polite">
        {step.kind === 'checking' && <p>{t('menuCsv.checking')}</p>}
        {step.kind === 'importing' && <p>{t('menuCsv.importing')}</p>}
        {step.kind === 'done' && (
          <p className="notice" role="status">
            {t('menuCsv.done')} {counts(step.result)}
          </p>
        )}
      </div>

      {step.kind === 'refused' && (
        <div className="menu-csv__plan" role="alert">
          <p className="notice notice--error">{step.message}</p>
          {step.rows.length > 0 && (
            <table className="menu-csv__table">
              <caption className="visually-hidden">{t('menuCsv.errorsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('menuCsv.row')}</th>
                  <th scope="col">{t('menuCsv.column')}</th>
                  <th scope="col">{t('menuCsv.problem')}</th>
                </tr>
              </thead>
              <tbody>
                {step.rows.map((row) => (
                  <tr key={`${row.row}-${row.column}`}>
                    <td>{row.row}</td>
                    <td>{row.column}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}

      {step.kind === 'planned' && (
        <div className="menu-csv__plan">
          <h3 className="admin-section__subtitle">{t('menuCsv.previewTitle', { file: step.file.name })}</h3>
          <p>{counts(step.plan)}</p>
          {step.plan.newCategories.length > 0 && (
            <p>{t('menuCsv.newCategories', { categories: step.plan.newCategories.join(', ') })}</p>
          )}
          <table className="menu-csv__table">
            <caption className="visually-hidden">{t('menuCsv.changesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('menuCsv.row')}</th>
                <th scope="col">SKU</th>
                <th scope="col">{t('menuCsv.product')}</th>
                <th scope="col">{t('menuCsv.action')}</th>
                <th scope="col">{t('menuCsv.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {step.plan.changes
                .filter((change) => change.action !== 'unchanged')
                .slice(0, SHOWN_CHANGES)
                .map((change) => (
                  <tr key={change.sku}>
                    <td>{change.row}</td>
                    <td>{change.sku}</td>
                    <td>{change.name}</td>
                    <td>{t(`menuCsv.actions.${change.action}`)}</td>
                    <td>{change.fields.join(', ')}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          <div className="admin-section__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={step.plan.created + step.plan.updated + step.plan.newCategories.length === 0}
              onClick={() => void confirm(step.file)}
            >
              {t('menuCsv.confirm')}
            </button>
            <button type="button" className="button button--quiet" onClick={() => setStep({ kind: 'idle' })}>
              {t('menuCsv.cancel')}
            </button>
          </div>
        </div>
      )}
    </AdminSection>
  );
}
