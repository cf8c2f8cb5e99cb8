import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import type { ProxyGroupItem } from '@fbo/shared';
import { PageHeader } from '../../../components/PageHeader';
import { ProxiesTab } from '../components/ProxiesTab';
import { ProxyGroupsTab } from '../components/ProxyGroupsTab';
import '../components/proxies.css';

const TABS = [
  { key: 'groups', label: 'Proxy groups' },
  { key: 'proxies', label: 'Proxies' },
];

/**
 * /ag/proxy-groups: the groups and the proxies, one tab each. The tab is in the address with its
 * list's page, search and filters; switching tab starts the other list afresh.
 */
export default function ProxyGroupsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'proxies' ? 'proxies' : 'groups';
  const open = (key: string, filters: Record<string, string> = {}) => setParams(key === 'proxies' ? { tab: key, ...filters } : {});

  return (
    <>
      <PageHeader title="Proxy Groups" />
      <Tabs activeKey={tab} items={TABS} onChange={(key) => open(key)} />
      {tab === 'groups' ? (
        <ProxyGroupsTab onShowProxies={(group: ProxyGroupItem) => open('proxies', { groupId: group.id })} />
      ) : (
        <ProxiesTab />
      )}
    </>
  );
}
