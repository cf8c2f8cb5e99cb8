import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { basecostCatalogCostsQuery } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { VariantCostEditor } from '../components/VariantCostEditor';
import '../components/basecosts.css';

/** /ag/base-cost/group/:groupId/update/:id (id: the catalog): the variant cost editor of one catalog in one group. */
export default function AgencyGroupCostUpdatePage() {
  const { groupId = '', id = '' } = useParams();
  const navigate = useNavigate();
  // The editor loads the same query: the breadcrumb reads its names from the cache.
  const costs = useQuery(basecostCatalogCostsQuery('agency', groupId, id)).data;
  const group = routePath('ag-base-cost') + `?group=${encodeURIComponent(groupId)}`;
  const view = routePath('ag-base-cost-catalog-cost', { id, basecostId: groupId });

  return (
    <>
      <BaseCostBreadcrumb area="ag" items={[{ title: costs?.basecost.name ?? 'Group', to: group }, { title: costs?.catalog.name ?? 'Catalog', to: view }, { title: 'Edit' }]} />
      <PageHeader title={findRoute('ag-base-cost-group-update')?.title} />
      <Card className="basecost-card" title={costs ? `${costs.catalog.name} in ${costs.basecost.name}` : undefined}>
        <VariantCostEditor scope="agency" basecostId={groupId} catalogId={id} onSaved={() => void navigate(view)} onCancel={() => void navigate(view)} />
      </Card>
    </>
  );
}
