import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { findRoute, routePath } from '@fbo/shared/routes';
import { FilterField } from '../../../components/FilterBar';
import { PageHeader } from '../../../components/PageHeader';
import { basecostDetailQuery } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { CatalogPicker } from '../components/CatalogPicker';
import { QueryGate } from '../components/QueryGate';
import { VariantCostEditor } from '../components/VariantCostEditor';
import '../components/basecosts.css';

/** /ag/base-cost/group/:groupId/create: choose a catalog the agency offers, then set its variant costs in the group. */
export default function AgencyGroupCostCreatePage() {
  const { groupId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const catalogId = params.get('catalog') ?? undefined;
  const query = useQuery(basecostDetailQuery('agency', groupId));
  const navigate = useNavigate();
  const back = routePath('ag-base-cost') + `?group=${encodeURIComponent(groupId)}`;

  return (
    <>
      <BaseCostBreadcrumb area="ag" items={[{ title: query.data?.name ?? 'Group', to: back }, { title: 'Add catalog' }]} />
      <PageHeader title={findRoute('ag-base-cost-group-create')?.title} />
      <QueryGate query={query}>
        {(group) => (
          <Card className="basecost-card" title={`Group ${group.name}`}>
            <FilterField id="basecost-catalog" label="Catalog">
              <CatalogPicker
                id="basecost-catalog"
                scope="agency"
                basecostId={groupId}
                value={catalogId}
                onChange={(next) => setParams(next ? { catalog: next } : {}, { replace: true })}
              />
            </FilterField>
            {catalogId ? (
              <div className="basecost-editor">
                <VariantCostEditor
                  scope="agency"
                  basecostId={groupId}
                  catalogId={catalogId}
                  onSaved={() => void navigate(back)}
                  onCancel={() => void navigate(back)}
                />
              </div>
            ) : (
              <p className="basecost-muted">Choose one of the catalogs your agency offers to set what this group's sellers pay for it.</p>
            )}
          </Card>
        )}
      </QueryGate>
    </>
  );
}
