import { useQuery } from '@tanstack/react-query';
import { Col, Row, Spin, Tag } from 'antd';
import { useParams } from 'react-router';
import { HttpError } from '../../../api/http';
import { PageResult } from '../../../components/PageResult';
import { useBrand } from '../../../entities/theme';
import { ProductGallery } from '../components/ProductGallery';
import { VariantsTable } from '../components/VariantsTable';
import { publicProductQuery } from '../public-product.api';
import '../components/public-product.css';

/** /products/:id: the public product page, no sign-in and no shell. */
export default function PublicProductPage() {
  const { id = '' } = useParams();
  const { title: brand } = useBrand();
  const product = useQuery(publicProductQuery(id));

  let body;
  if (product.isPending) {
    body = (
      <div className="product-loading" role="status">
        <h1 className="visually-hidden">Loading product</h1>
        <Spin description="Loading…" />
      </div>
    );
  } else if (product.isError) {
    // 400: an id that cannot exist; 404: none with this id. Either way there is no product.
    const notFound = product.error instanceof HttpError && [400, 404].includes(product.error.status);
    body = <PageResult status={notFound ? '404' : '500'} title={notFound ? 'Product not found' : 'Sorry, Server or data error'} />;
  } else {
    const data = product.data;
    body = (
      <Row gutter={[32, 24]}>
        <Col xs={24} md={12}>
          <ProductGallery images={data.otherMockup} title={data.title} />
        </Col>
        <Col xs={24} md={12}>
          <h1 className="product-title">{data.title}</h1>
          {data.options.map((option) => (
            <div key={option.name} className="product-option">
              <h2>{option.name}</h2>
              <div>
                {option.values.map((value) => (
                  <Tag key={value}>{value}</Tag>
                ))}
              </div>
            </div>
          ))}
          {/* The server sanitises this HTML before it is stored (spec part 1 section 3). */}
          <div className="product-description" dangerouslySetInnerHTML={{ __html: data.description }} />
        </Col>
        <Col span={24}>
          <h2 className="product-section-title">Variants</h2>
          <VariantsTable variants={data.variants} />
        </Col>
      </Row>
    );
  }

  return (
    <div className="product-page">
      {brand ? <header className="product-header">{brand}</header> : null}
      <main className="product-main">{body}</main>
    </div>
  );
}
