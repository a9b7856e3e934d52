import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';

/**
 * The menu file's import (its call is `mediaCalls.importMenuCsv` in lib/media-api.ts, shared with the dry run):
 * it may touch every menu, dish and price, so every staff screen's data is read again before it resolves.
 */
export const useMenuCsvImport = () => useWriteThenRead([STAFF_QUERY_KEY]);
