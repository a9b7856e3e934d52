import { NavLink } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation.ts';

/** The admin area's sections; only built ones are listed. */
const SECTIONS = [
  { path: '/ebitdata', key: 'venue' },
  { path: '/ebitdata/reservas', key: 'bookings' },
  { path: '/ebitdata/sala', key: 'floorPlan' },
  { path: '/ebitdata/carta', key: 'menus' },
  { path: '/ebitdata/equipo', key: 'staff' },
  { path: '/ebitdata/audit', key: 'audit' },
  { path: '/ebitdata/opiniones', key: 'reviews' },
  { path: '/ebitdata/informes', key: 'reports' },
  { path: '/ebitdata/dispositivos', key: 'devices' },
  { path: '/ebitdata/fiscal', key: 'fiscal' },
  { path: '/ebitdata/carta/importar', key: 'menuImport' },
] as const;

/** Section navigation: a side column on a laptop, a row of tabs across the top on a narrower tablet. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <ul className="admin-nav__list">
        {SECTIONS.map((section) => (
          <li key={section.key}>
            <NavLink to={section.path} end className="admin-nav__link">
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
