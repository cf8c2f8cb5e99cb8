import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { findRoute } from '@fbo/shared/routes';
import { FilterField } from '../../../components/FilterBar';
import { PageHeader } from '../../../components/PageHeader';
import { basecostDetailQuery } from '../basecosts.api';
import { BaseCostBreadcrumb } from '../components/BaseCostBreadcrumb';
import { BasecostInfoCard } from '../components/BasecostInfoCard';
import { CatalogPicker } from '../components/CatalogPicker';
import { PricedCatalogsTable } from '../components/PricedCatalogsTable';
import { QueryGate } from '../components/QueryGate';
import { VariantCostEditor } from '../components/VariantCostEditor';
import '../components/basecosts.css';

/**
 * /a/base-cost/update/:id: the price list's name and description, the variant cost editor of the
 * catalog chosen (kept in the address as ?catalog=), and the catalogs it prices.
 */
export default function AdminBaseCostUpdatePage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const catalogId = params.get('catalog') ?? undefined;
  const query = useQuery(basecostDetailQuery('master', id));
  const choose = (next?: string) => setParams(next ? { catalog: next } : {}, { replace: true });

  return (
    <>
      <BaseCostBreadcrumb area="a" items={[{ title: query.data?.name ?? 'Update' }]} />
      <PageHeader title={findRoute('a-base-cost-update')?.title} />
      <QueryGate query={query}>
        {(basecost) => (
          <>
            <BasecostInfoCard key={basecost.id} scope="master" basecost={basecost} />
            <Card className="basecost-card" title="Catalog costs">
              <FilterField id="basecost-catalog" label="Catalog">
                <CatalogPicker id="basecost-catalog" scope="master" basecostId={id} value={catalogId} onChange={choose} />
              </FilterField>
              {catalogId ? (
                <div className="basecost-editor">
                  <VariantCostEditor scope="master" basecostId={id} catalogId={catalogId} onCancel={() => choose(undefined)} />
                </div>
              ) : (
                <p className="basecost-muted">Choose a catalog to set its variant costs, or edit one of the priced catalogs below.</p>
              )}
            </Card>
            <Card className="basecost-card" title="Priced catalogs">
              <PricedCatalogsTable
                scope="master"
                basecostId={id}
                catalogs={basecost.catalogs}
                loading={query.isFetching}
                onEdit={(c) => {
                  choose(c.id);
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            </Card>
          </>
        )}
      </QueryGate>
    </>
  );
}
