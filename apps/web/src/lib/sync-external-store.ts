/**
 * What `use-sync-external-store/shim` becomes in the browser build (vite.config.ts): react-i18next imports the
 * shim for React before 18, and React 19 has the hook itself, so the shim's copy never needs to reach a phone.
 */
export { useSyncExternalStore } from 'react';
