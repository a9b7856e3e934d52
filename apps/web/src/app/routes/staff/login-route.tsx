import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { SignInPage } from '../../../features/auth/components/sign-in-page.tsx';
import { createSignInAction, createSignInLoader } from '../../../features/auth/sign-in-route.ts';
import { LanguageSwitcher } from '../../../components/language-switcher/language-switcher.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';

const signInLoader = createSignInLoader(queryClient);

/** /login (spec §2): staff sign-in, then on to /copilot or where a guard came from. */
export async function loader(args: LoaderFunctionArgs) {
  const [data] = await Promise.all([signInLoader(args), loadNamespaces(routeNamespaces.auth)]);
  return data;
}

export const action = createSignInAction(queryClient);

export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return <SignInPage venueName={venueConfig.business_name} languageSwitcher={<LanguageSwitcher compact />} />;
}
