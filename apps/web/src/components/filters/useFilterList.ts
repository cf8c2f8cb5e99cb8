import type { z } from 'zod';
import { useListParams } from '../../hooks/useListParams';
import { filterKeys, filtersFromAddress, type FilterDecl } from './filter-decl';

/**
 * A list page's state from the address (page, limit, search and the declared filters), each
 * filter checked against `schema`, the list query schema the server validates with; `bar` is
 * what `<FilterBar {...bar} />` draws.
 */
export function useFilterList(schema: z.ZodObject, decls: readonly FilterDecl[]) {
  const list = useListParams(filterKeys(decls));
  const filters = filtersFromAddress(schema, decls, (key) => list.filters[key]);
  return { ...list, filters, bar: { filters: decls, values: filters, onChange: list.update } };
}
