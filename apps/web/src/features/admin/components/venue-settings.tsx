import { useSuspenseQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { adminVenueQuery } from '../api/admin-api.ts';
import { adminCalls, useVenueWrite } from '../api/venue-writes.ts';
import {
  sectionDocument,
  VENUE_SECTIONS,
  type SectionDocument,
  type SectionSpec,
} from '../venue-form-model.ts';
import { SettingsSection } from './settings-section.tsx';
import { VenueImages } from './venue-images.tsx';

/** The address this page would have on the venue's new subdomain, when it is served on the old one. */
function movedAddress(oldSubdomain: string, newSubdomain: string): string | null {
  const { protocol, hostname, port } = window.location;
  if (!hostname.startsWith(`${oldSubdomain}.`)) return null;
  const host = `${newSubdomain}${hostname.slice(oldSubdomain.length)}`;
  return `${protocol}//${host}${port ? `:${port}` : ''}/ebitdata`;
}

/** /ebitdata: everything the venue decides about itself (issue 22 §1), one section at a time. */
export function VenueSettings() {
  const { t } = useTranslation('admin');
  const { write } = useVenueWrite();
  const { data } = useSuspenseQuery(adminVenueQuery);
  const [moved, setMoved] = useState<string | null>(null);

  async function save(section: SectionSpec, patch: Record<string, unknown>): Promise<SectionDocument> {
    if (section.target !== 'identity') {
      return (await write(() => adminCalls.updateSettings(patch))).venueConfig;
    }
    const reply = await write(() => adminCalls.updateIdentity(patch));
    if (reply.changed.includes('subdomain')) {
      setMoved(movedAddress(data.venue.subdomain, reply.venue.subdomain));
    }
    return reply.venue;
  }

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('venue.title')}</h1>
      <p className="muted">{t('venue.intro')}</p>
      {moved && (
        <p className="notice notice--warning" role="status">
          <span>
            {t('venue.moved')} <a href={moved}>{moved}</a>
          </span>
        </p>
      )}
      {VENUE_SECTIONS.map((section) => (
        <Fragment key={section.id}>
          <SettingsSection
            section={section}
            saved={sectionDocument(section.target, data.venue, data.settings)}
            save={(patch) => save(section, patch)}
          />
          {/* The logo and icon belong with the venue's identity, as an owner thinks of them. */}
          {section.id === 'identity' && <VenueImages settings={data.settings} />}
        </Fragment>
      ))}
    </div>
  );
}
