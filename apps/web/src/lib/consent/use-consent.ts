import { use } from 'react';
import { ConsentContext, type ConsentApi } from './consent-context.ts';

/** The guest's cookie choice and the actions on it; needs a `ConsentProvider` above. */
export function useConsent(): ConsentApi {
  const consent = use(ConsentContext);
  if (!consent) throw new Error('useConsent needs a <ConsentProvider> above it');
  return consent;
}
