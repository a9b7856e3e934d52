import { useTranslation } from '../../../i18n/use-translation.ts';
import { TOGGLE_OPTIONS, type StationViewOptions } from '../view-options.ts';

export interface ViewOptionsFormProps {
  readonly options: StationViewOptions;
  readonly onChange: (options: StationViewOptions) => void;
}

/** The station view options (spec §9), each a large checkbox that applies at once. */
export function ViewOptionsForm({ options, onChange }: ViewOptionsFormProps) {
  const { t } = useTranslation('kitchen');
  return (
    <div className="kitchen-options">
      {TOGGLE_OPTIONS.map((key) => (
        <label key={key} className="kitchen-option">
          <input
            type="checkbox"
            checked={options[key]}
            onChange={(event) => onChange({ ...options, [key]: event.target.checked })}
          />
          <span>{t(`options.${key}`)}</span>
        </label>
      ))}
    </div>
  );
}
