import type { AdminService } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { adminCalls, useBookingSettingsWrite } from '../api/venue-writes.ts';
import { AdminField, errorAt, saveFailure } from './admin-field.tsx';
import { SaveFooter } from './save-footer.tsx';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const NEW_SERVICE: AdminService = {
  name: '',
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  start: '13:00',
  end: '16:00',
  lastSeating: '15:00',
  slotIntervalMinutes: 15,
  maxCoversPerSlot: 0,
};

/** The weekly services, each with its weekdays, hours, interval and pacing; saved whole. */
export function ScheduleForm(props: { readonly saved: readonly AdminService[] }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<AdminService[]>(() => [...props.saved]);
  const { run, busy: saving, error } = useBookingSettingsWrite();
  const failure = error && saveFailure(error, t('errors.network'));

  const update = (index: number, patch: Partial<AdminService>) =>
    setDraft((current) => current.map((service, at) => (at === index ? { ...service, ...patch } : service)));

  function submit(event: FormEvent) {
    event.preventDefault();
    run(
      () => adminCalls.updateSchedule({ services: draft }),
      () => toast.success(t('bookings.saved')),
    );
  }

  return (
    <AdminSection
      id="bookings-schedule"
      title={t('bookings.schedule.title')}
      intro={t('bookings.schedule.intro')}
    >
      <form className="admin-section__form" noValidate onSubmit={submit}>
        {draft.map((service, index) => {
          const id = `service-${index}`;
          const at = (field: string) => errorAt(failure, `services.${index}.${field}`);
          const text = (field: keyof AdminService | 'interval', type: string, value: string | number) => (
            <AdminField
              id={`${id}-${field}`}
              label={t(`bookings.schedule.${field}` as never)}
              error={at(field === 'interval' ? 'slotIntervalMinutes' : field)}
              control={(extra) => (
                <input
                  className="input"
                  type={type}
                  value={value}
                  onChange={(event) => {
                    const raw = event.target.value;
                    const key = field === 'interval' ? 'slotIntervalMinutes' : field;
                    update(index, { [key]: type === 'number' ? Number(raw) : raw });
                  }}
                  {...extra}
                />
              )}
            />
          );
          return (
            <fieldset key={index} className="admin-bookings__service">
              <legend className="field__label">
                {t('bookings.schedule.service', { number: index + 1 })}
              </legend>
              {text('name', 'text', service.name)}
              <fieldset
                className="admin-choices"
                {...(at('weekdays') ? { 'aria-describedby': `${id}-weekdays-error` } : {})}
              >
                <legend className="field__label">{t('bookings.schedule.weekdays')}</legend>
                <div className="admin-choices__list">
                  {WEEKDAYS.map((day) => (
                    <label key={day} className="admin-check admin-choices__item">
                      <input
                        type="checkbox"
                        className="admin-check__box"
                        checked={service.weekdays.includes(day)}
                        onChange={(event) =>
                          update(index, {
                            weekdays: event.target.checked
                              ? [...service.weekdays, day].sort((a, b) => a - b)
                              : service.weekdays.filter((other) => other !== day),
                          })
                        }
                      />
                      <span className="admin-check__label">
                        {t(`fields.reservation_disabled_dow.options.${day}` as never)}
                      </span>
                    </label>
                  ))}
                </div>
                {at('weekdays') && (
                  <span id={`${id}-weekdays-error`} className="admin-field__error">
                    {at('weekdays')}
                  </span>
                )}
              </fieldset>
              {text('start', 'time', service.start)}
              {text('lastSeating', 'time', service.lastSeating)}
              {text('end', 'time', service.end)}
              {text('interval', 'number', service.slotIntervalMinutes)}
              {text('maxCoversPerSlot', 'number', service.maxCoversPerSlot)}
              <button
                type="button"
                className="button button--quiet"
                onClick={() => setDraft((current) => current.filter((_, at) => at !== index))}
              >
                {t('bookings.schedule.remove', { number: index + 1 })}
              </button>
            </fieldset>
          );
        })}
        <button
          type="button"
          className="button"
          onClick={() => setDraft((current) => [...current, NEW_SERVICE])}
        >
          {t('bookings.schedule.add')}
        </button>
        <SaveFooter failure={failure?.message} busy={saving} label={t('save')} />
      </form>
    </AdminSection>
  );
}
