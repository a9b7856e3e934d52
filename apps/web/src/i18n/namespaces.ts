import type { CustomTypeOptions } from 'i18next';

export type Namespace = keyof CustomTypeOptions['resources'];

/** Needed on the first screen of any route: generic words and the cookie banner (loaded as the translations start). */
export const INITIAL_NAMESPACES: readonly Namespace[] = ['common', 'consent'];

/** The frame's and the feedback texts every route tree shows; the root loader waits for them. */
export const SHELL_NAMESPACES: readonly Namespace[] = ['shell', 'feedback'];
