import { createContext } from 'react';
import type { ConsentController, ConsentSnapshot } from './consent-controller.ts';

export type ConsentApi = ConsentSnapshot &
  Pick<
    ConsentController,
    'accept' | 'reject' | 'setConsentAccepted' | 'openPrivacyPolicy' | 'closePrivacyPolicy'
  >;

export const ConsentContext = createContext<ConsentApi | null>(null);
