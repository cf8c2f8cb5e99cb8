import { useNavigate, useParams } from 'react-router';
import { routePath } from '@fbo/shared/routes';
import type { CatalogDetail } from '@fbo/shared';
import { PageHeader } from '../../../components/PageHeader';
import { CatalogForm } from './CatalogForm';
import { CatalogLoader } from './CatalogLoader';

type Area = 'a' | 'ag';

/** Where a saved catalog is shown: the administrator's detail pages, the agency list's View drawer. */
export function catalogViewPath(area: Area, catalog: Pick<CatalogDetail, 'id' | 'dropship'>): string {
  if (area === 'ag') return `${routePath('ag-catalogs')}?view=${catalog.id}`;
  return routePath(catalog.dropship ? 'a-catalogs-detail-drop' : 'a-catalogs-detail', { id: catalog.id });
}

/** The create, create-dropship and update pages of both areas: one form, then the detail. */
export function CatalogFormPage({ area, mode, dropship = false }: { area: Area; mode: 'create' | 'update'; dropship?: boolean }) {
  const navigate = useNavigate();
  const { id } = useParams();
  const list = routePath(area === 'a' ? 'a-catalogs' : 'ag-catalogs');
  const title = mode === 'update' ? 'Update Catalog' : dropship ? 'Create Dropship Catalog' : 'Create Catalog';
  const onSaved = (catalog: CatalogDetail) => navigate(catalogViewPath(area, catalog));

  return (
    <>
      <PageHeader title={title} />
      {mode === 'update' && id ? (
        <CatalogLoader id={id}>
          {(catalog) => <CatalogForm key={catalog.id} catalog={catalog} onSaved={onSaved} onCancel={() => navigate(-1)} />}
        </CatalogLoader>
      ) : (
        <CatalogForm dropship={dropship} onSaved={onSaved} onCancel={() => navigate(list)} />
      )}
    </>
  );
}
