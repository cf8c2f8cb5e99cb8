/** Reads every page of an adapter's product list (any platform's StorePlatformApi), as the first sync does. */
import type { StorePlatformApi } from '../../src/modules/stores/store-adapter';

export async function allProductPages(api: Pick<StorePlatformApi, 'listProducts'>, first: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page: Awaited<ReturnType<StorePlatformApi['listProducts']>> = await api.listProducts({ first, after });
    ids.push(...page.items.map((p) => p.id));
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    pages++;
  } while (after);
  return { ids, pages };
}
