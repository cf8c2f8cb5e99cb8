import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { CatalogDetailView } from '../components/CatalogDetailView';
import { CatalogLoader } from '../components/CatalogLoader';
import '../components/catalogs.css';

/** /s/catalogs/detail/:id: gallery, description and the team's price per variant and shipping method. */
export default function SellerCatalogDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title="Catalog Detail"
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(routePath('s-catalogs'))}>
            Catalogs
          </Button>
        }
      />
      <CatalogLoader id={id}>{(catalog) => <CatalogDetailView catalog={catalog} prices seller />}</CatalogLoader>
    </>
  );
}
