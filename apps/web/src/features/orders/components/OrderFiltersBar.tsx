import { useQuery } from '@tanstack/react-query';
import { can } from '@fbo/shared';
import { FilterBar } from '../../../components/FilterBar';
import { useSession } from '../../../entities/session';
import { proxyOptionsQuery } from '../../proxies';
import { orderTeamsQuery } from '../orders.api';
import { orderFilterDecls, type OrderListVariant, type useOrderFilters } from './useOrderFilters';

type State = ReturnType<typeof useOrderFilters>;

/** Search and filters of the order lists; the seller's list has no team or proxy filters. */
export function OrderFiltersBar({ variant, state }: { variant: OrderListVariant; state: State }) {
  const { actor } = useSession();
  // Designers open /ds/orders without the agency's order list: no team choices for them.
  const agencySide = variant !== 'seller' && !!actor && can(actor, 'orders.agency');
  const teams = useQuery({ ...orderTeamsQuery(), enabled: agencySide });
  const proxies = useQuery({ ...proxyOptionsQuery(), enabled: variant === 'agency' });
  const groups = new Map<string, string>();
  for (const p of proxies.data ?? []) if (p.groupId && p.groupName) groups.set(p.groupId, p.groupName);

  const filters = orderFilterDecls(variant, {
    agencySide,
    teams: (teams.data ?? []).map((t) => ({ value: t.id, label: t.name })),
    teamsLoading: teams.isFetching,
    proxies: (proxies.data ?? []).map((p) => ({ value: p.id, label: p.proxyDomain })),
    proxiesLoading: proxies.isFetching,
    groups: [...groups].map(([value, label]) => ({ value, label })),
  });
  return <FilterBar filters={filters} values={state.values} onChange={state.list.update} />;
}
