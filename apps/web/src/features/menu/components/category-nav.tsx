import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { MenuSection } from '../../../lib/guest-menu/menu-model.ts';

export const sectionAnchor = (id: number) => `menu-category-${id}`;

interface CategoryNavProps {
  readonly sections: readonly MenuSection[];
  /** `enableCategoryScroll`: one long page the nav scrolls through; otherwise the nav picks one category. */
  readonly scroll: boolean;
  readonly selected: number | null;
  /** How many sections are on the page so far (a long carta is drawn in batches). */
  readonly drawn: number;
  readonly onSelect: (id: number) => void;
  /** Called before scrolling to a section, so one not drawn yet is put on the page first. */
  readonly onBeforeJump: () => void;
}

/** The categories of the open menu as a sticky bar of chips. */
export function CategoryNav({ sections, scroll, selected, drawn, onSelect, onBeforeJump }: CategoryNavProps) {
  const { t } = useTranslation('menu');
  const current = useCurrentSection(sections, scroll, drawn);
  const active = scroll ? current : selected;
  return (
    <nav className="menu-categories" aria-label={t('categories')}>
      <ul className="menu-categories__list">
        {sections.map((section) => (
          <li key={section.id}>
            {scroll ? (
              <a
                className="menu-categories__chip"
                href={`#${sectionAnchor(section.id)}`}
                aria-current={active === section.id ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onBeforeJump();
                  document
                    .getElementById(sectionAnchor(section.id))
                    ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              >
                {section.name}
              </a>
            ) : (
              <button
                type="button"
                className="menu-categories__chip"
                aria-pressed={active === section.id}
                onClick={() => onSelect(section.id)}
              >
                {section.name}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The category being read while scrolling, so its chip is marked. */
function useCurrentSection(sections: readonly MenuSection[], enabled: boolean, drawn: number): number | null {
  const [current, setCurrent] = useState<number | null>(sections[0]?.id ?? null);
  useEffect(() => {
    if (!enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((entry) => entry.isIntersecting);
        const top = visible.sort((a, b) => a.boundingClientRect.top - b.boundingClientRect.top)[0];
        if (top) setCurrent(Number(top.target.getAttribute('data-section')));
      },
      { rootMargin: '-30% 0px -60% 0px' },
    );
    for (const section of sections) {
      const element = document.getElementById(sectionAnchor(section.id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
    // `drawn`: sections added to the page since are observed too.
  }, [sections, enabled, drawn]);
  return current;
}
