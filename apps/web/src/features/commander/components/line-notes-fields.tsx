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

/** A line's note for the kitchen and, where kept, the note only staff read: the same two fields everywhere. */
export function LineNotesFields(props: LineNotesFieldsProps) {
  const { t } = useTranslation('commander');
  const commentId = useId();
  const staffId = useId();
  return (
    <>
      <label className="commander-field" htmlFor={commentId}>
        {t('product.comment')}
      </label>
      <textarea
        id={commentId}
        className="commander-textarea"
        maxLength={500}
        rows={2}
        value={props.comments}
        onChange={(event) => props.onComments(event.target.value)}
        {...(props.autoFocus ? { 'data-autofocus': true } : {})}
      />
      {props.staffComments && (
        <>
          <label className="commander-field" htmlFor={staffId}>
            {t('product.staffComment')}
          </label>
          <textarea
            id={staffId}
            className="commander-textarea"
            maxLength={500}
            rows={2}
            value={props.staffNote}
            onChange={(event) => props.onStaffNote(event.target.value)}
          />
        </>
      )}
    </>
  );
}
