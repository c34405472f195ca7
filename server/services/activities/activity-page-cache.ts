import { preparedPerDatabase } from '@/db/prepared';

// GET /activities pages as JSON text, per database handle, each under the version of its user's
// activities it was read at (db/schema activityListVersions, raised by triggers in every
// transaction that changes them). A page is served only while the version read with the
// session check still equals its own, so the cache can be stale only in memory, never on the
// wire, and needs no invalidation: a change anywhere, from any instance, is a new version. On
// the embedded database the page statement (20 records built as JSON in WASM) was most of the
// list's cost (bench/reads). Bounded: the least recently used page goes first.

const MAX_PAGES = 256;
/** A page past this is not kept (page_size 100 of long names and descriptions). */
const MAX_PAGE_CHARS = 256 * 1024;

export interface ActivityPageCache {
  get(key: string, version: string): string | undefined;
  set(key: string, version: string, text: string): void;
}

function createCache(): ActivityPageCache {
  const pages = new Map<string, { version: string; text: string }>();
  return {
    get(key, version) {
      const page = pages.get(key);
      if (!page || page.version !== version) return undefined;
      // most recently used last
      pages.delete(key);
      pages.set(key, page);
      return page.text;
    },
    set(key, version, text) {
      pages.delete(key);
      if (text.length > MAX_PAGE_CHARS) return;
      if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(key, { version, text });
    },
  };
}

export const activityPageCache = preparedPerDatabase(createCache);
