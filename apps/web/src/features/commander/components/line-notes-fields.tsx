import { useId } from 'react';
import { useTranslation } from 'react-i18next';

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

/** One labelled note (500 characters, two rows). */
function NoteField(props: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (text: string) => void;
  readonly autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <>
      <label className="commander-field" htmlFor={id}>
        {props.label}
      </label>
      <textarea
        id={id}
        className="commander-textarea"
        maxLength={500}
        rows={2}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        {...(props.autoFocus ? { 'data-autofocus': true } : {})}
      />
    </>
  );
}

/** A line's note for the kitchen and, where kept, the note only staff read: the same two fields everywhere. */
export function LineNotesFields(props: LineNotesFieldsProps) {
  const { t } = useTranslation('commander');
  return (
    <>
      <NoteField
        label={t('product.comment')}
        value={props.comments}
        onChange={props.onComments}
        autoFocus={props.autoFocus}
      />
      {props.staffComments && (
        <NoteField label={t('product.staffComment')} value={props.staffNote} onChange={props.onStaffNote} />
      )}
    </>
  );
}
