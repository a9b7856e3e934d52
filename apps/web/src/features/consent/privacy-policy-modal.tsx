import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../../components/modal/modal.tsx';

interface PrivacyPolicyModalProps {
  readonly open: boolean;
  /** The venue's text; blank means the default policy in the guest's language. */
  readonly text: string | undefined;
  readonly onClose: () => void;
}

/** Blank lines separate paragraphs; single line breaks are kept inside a paragraph (see consent.css). */
function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * The privacy policy the venue configures (spec §1). Rendered as plain text, never as HTML: the venue's admins
 * type it, and guests' pages must not run markup from configuration.
 */
export function PrivacyPolicyModal({ open, text, onClose }: PrivacyPolicyModalProps) {
  const { t } = useTranslation('consent');
  const policy = text?.trim() ? text : t('privacy.defaultText');
  return (
    <Modal open={open} title={t('privacy.title')} onClose={onClose} size="large" className="privacy-policy">
      {paragraphs(policy).map((paragraph, index) => (
        <p key={index} className="privacy-policy__paragraph">
          {paragraph}
        </p>
      ))}
      <div className="privacy-policy__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('privacy.close')}
        </button>
      </div>
    </Modal>
  );
}
