import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@fbo/shared/domain/limits';

type PageSize = (typeof LIMITS.pageSizes)[number];
const DEFAULT_LIMIT: PageSize = LIMITS.pageSizes[0];

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export type ListChange<K extends string> = Partial<Record<'page' | 'limit' | 'search' | K, string | number | undefined>>;

/**
 * List state (page, limit, search and filters) kept in the address, so a reload, the back
 * button or a shared link shows the same rows. Defaults are left out of the address.
 */
export function useListParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const rawLimit = Number(params.get('limit'));
  const limit = (LIMITS.pageSizes as readonly number[]).includes(rawLimit) ? rawLimit : DEFAULT_LIMIT;
  const search = params.get('search') ?? '';
  const filterString = filterKeys.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
  const filters = useMemo(
    () => Object.fromEntries(filterKeys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>,
    // Keyed on the values, not the URLSearchParams object, so queries keep a stable key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filterString],
  );

  const update = useCallback(
    (changes: ListChange<K>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            const isDefault =
              value === undefined || value === '' || (key === 'page' && value === 1) || (key === 'limit' && value === DEFAULT_LIMIT);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          // A new search or filter starts again from the first page.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        // Typing in the search box must not fill the history with one entry per word.
        { replace: 'search' in changes },
      );
    },
    [setParams],
  );

  return { page, limit, search, filters, update };
}
