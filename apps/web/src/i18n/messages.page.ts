import { MESSAGE_CHUNKS_ELEMENT_ID } from '../app/route-chunks.ts';
import type { Namespace } from './namespaces.ts';

type Messages = Record<string, unknown>;

/**
 * The browser build's `messages.ts` (build/message-chunks.ts): the file holding a language's namespace is read from
 * the page's message data block instead of a loader per language and namespace in the start-up chunk. Each such
 * file's default export maps its namespaces to their texts. A file asked for twice is fetched once: the start-up
 * script's early request and the translator's later one share it.
 */
let files: Record<string, Record<string, string> | undefined> | undefined;

function messageFiles(): Promise<Record<string, Record<string, string> | undefined>> {
  if (files) return Promise.resolve(files);
  const element = document.getElementById(MESSAGE_CHUNKS_ELEMENT_ID);
  // The start-up script is `async`: it may run before the parser reaches the data block at the end of the body.
  if (!element && document.readyState === 'loading')
    return new Promise((resolve) =>
      document.addEventListener('DOMContentLoaded', () => resolve(messageFiles()), { once: true }),
    );
  try {
    files = JSON.parse(element?.textContent ?? '{}') as typeof files;
  } catch {
    files = {};
  }
  return Promise.resolve(files ?? {});
}

export async function loadMessages(locale: string, namespace: string): Promise<Messages> {
  const file = (await messageFiles())[locale]?.[namespace];
  if (!file) throw new Error(`There are no "${namespace}" messages in "${locale}"`);
  const chunk = (await import(/* @vite-ignore */ file)) as { default: Record<string, Messages | undefined> };
  const messages = chunk.default[namespace];
  if (!messages) throw new Error(`${file} has no "${namespace}" messages`);
  return messages;
}

/**
 * Starts downloading namespaces without waiting for them (decision 017). A failure is left for the translator's
 * own request of the same chunk to report and retry.
 */
export function preloadMessages(locale: string, namespaces: readonly Namespace[]): void {
  for (const namespace of namespaces) loadMessages(locale, namespace).catch(() => undefined);
}
