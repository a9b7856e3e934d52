import { useTranslation } from '../../../i18n/use-translation.ts';

/** Where the guest is in the booking: table, details, done (the current one marked for screen readers). */
export function BookingSteps({ step }: { step: 1 | 2 | 3 }) {
  const { t } = useTranslation('reservations');
  const steps = [t('steps.table'), t('steps.details'), t('steps.done')];
  return (
    <ol className="booking__steps" aria-label={t('steps.label')}>
      {steps.map((label, index) => (
        <li
          key={label}
          className={`booking__steps-item${index + 1 === step ? ' booking__steps-item--current' : ''}${index + 1 < step ? ' booking__steps-item--done' : ''}`}
          aria-current={index + 1 === step ? 'step' : undefined}
        >
          <span className="booking__steps-number" aria-hidden="true">
            {index + 1}
          </span>
          <span className="visually-hidden">{t('steps.progress', { current: index + 1, total: 3 })}: </span>
          <span className="booking__steps-name">{label}</span>
        </li>
      ))}
    </ol>
  );
}
