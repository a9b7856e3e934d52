import { useTranslation } from '../../../i18n/use-translation.ts';
import { StaffTextField } from '../../../components/staff-text-field.tsx';

interface LineNotesFieldsProps {
  readonly comments: string;
  readonly staffNote: string;
  /** The staff-only note, offered where the venue keeps one (`cartProductStaffComments`). */
  readonly staffComments: boolean;
  readonly onComments: (text: string) => void;
  readonly onStaffNote: (text: string) => void;
  /** Focus the kitchen's note when its dialog opens. */
  readonly autoFocus?: boolean;
}

/** A line's note for the kitchen and, where kept, the note only staff read: the same two fields everywhere. */
export function LineNotesFields(props: LineNotesFieldsProps) {
  const { t } = useTranslation('commander');
  return (
    <>
      <StaffTextField
        note
        label={t('product.comment')}
        value={props.comments}
        onChange={props.onComments}
        autoFocus={props.autoFocus}
      />
      {props.staffComments && (
        <StaffTextField
          note
          label={t('product.staffComment')}
          value={props.staffNote}
          onChange={props.onStaffNote}
        />
      )}
    </>
  );
}
