import type { ReactNode } from 'react';
import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CatalogDetail } from '@fbo/shared';
import { PageResult } from '../../../components/PageResult';
import { HttpError } from '../../../api/http';
import { catalogDetailQuery } from '../catalogs.api';

/** Loads one catalog, with the loading and not-found states every catalog page shares. */
export function CatalogLoader({ id, children }: { id: string; children: (catalog: CatalogDetail) => ReactNode }) {
  const query = useQuery(catalogDetailQuery(id));
  if (query.isPending) {
    return (
      <div className="catalog-loading">
        <Spin aria-label="Loading catalog" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
    return <PageResult status={missing ? '404' : 'error'} title={missing ? 'Catalog not found' : 'Sorry, Server or data error'} />;
  }
  return <>{children(query.data)}</>;
}
