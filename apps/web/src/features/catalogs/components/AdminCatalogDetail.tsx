import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { CatalogDetailView } from './CatalogDetailView';
import { CatalogLoader } from './CatalogLoader';

/** /a/catalogs/detail/:id and /a/catalogs/detail-drop/:id: the catalog with an Edit button. */
export function AdminCatalogDetail({ title }: { title: string }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(routePath('a-catalogs-update', { id }))}>
            Edit
          </Button>
        }
      />
      <CatalogLoader id={id}>{(catalog) => <CatalogDetailView catalog={catalog} />}</CatalogLoader>
    </>
  );
}
