import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import './screen-placeholder.css';

interface ScreenPlaceholderProps {
  readonly heading: string;
  readonly body: string;
  readonly tone?: 'guest' | 'staff';
  readonly children?: ReactNode;
}

/** A screen that a later issue fills: its heading and purpose, so the route already loads, guards and titles itself. */
export function ScreenPlaceholder({ heading, body, tone = 'guest', children }: ScreenPlaceholderProps) {
  const { t } = useTranslation('shell');
  return (
    <section className={`placeholder placeholder--${tone}`}>
      <h1 className="placeholder__heading">{heading}</h1>
      <p className="placeholder__body">{body}</p>
      {children}
      <p className="placeholder__note">{t('placeholders.comingSoon')}</p>
    </section>
  );
}
