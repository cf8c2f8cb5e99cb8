import { Button, Space } from 'antd';
import { ArrowLeftOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { can } from '@fbo/shared/auth/access';
import { routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { useSession } from '../../../entities/session';
import { CatalogDetailView } from '../components/CatalogDetailView';
import { CatalogLoader } from '../components/CatalogLoader';
import { PublishButton } from '../../publishing';
import '../components/catalogs.css';

/** /s/catalogs/detail/:id: gallery, description and the team's price per variant and shipping method. */
export default function SellerCatalogDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { actor } = useSession();
  // Whoever saves mappings (products.manage) maps the team's products to this catalog from here.
  const mayMap = can(actor, 'products.manage');
  return (
    <>
      <PageHeader
        title="Catalog Detail"
        extra={
          <Space wrap>
            {mayMap ? (
              <Button icon={<NodeIndexOutlined />} onClick={() => navigate(routePath('s-mapping-products', { id }))}>
                Map products
              </Button>
            ) : null}
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(routePath('s-catalogs'))}>
              Catalogs
            </Button>
          </Space>
        }
      />
      <CatalogLoader id={id}>
        {(catalog) => (
          <>
            {/* Publishing makes a product of the team's (products.manage, as the server's routes). */}
            {mayMap ? <div style={{ marginBottom: 12 }}><PublishButton catalog={catalog} /></div> : null}
            <CatalogDetailView catalog={catalog} prices seller />
          </>
        )}
      </CatalogLoader>
    </>
  );
}
