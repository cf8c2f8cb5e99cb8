import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Col, Result, Row, Skeleton } from 'antd';
import { routePath } from '@fbo/shared';
import { AGENCY_MSG } from '@fbo/shared/domain/agencies-admin';
import { MSG } from '@fbo/shared/domain/messages';
import { HttpError } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { agencyDetailQuery } from '../agencies.api';
import { CatalogCard } from '../components/CatalogCard';
import { InformationCard } from '../components/InformationCard';
import { MembersCard } from '../components/MembersCard';
import { UpdateAgencyModal } from '../components/UpdateAgencyModal';

/** /a/agencies/:id: Information, Members and Catalog cards. No or an unknown agency: 'Not found agency'. */
export default function AgencyDetailPage() {
  const { id = '' } = useParams();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...agencyDetailQuery(id), enabled: valid });
  const [editing, setEditing] = useState(false);

  const crumbs = (
    <Breadcrumb items={[{ title: <Link to={routePath('a-agencies')}>Agencies</Link> }, { title: query.data?.name ?? 'Agency Detail' }]} />
  );
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <Result status="404" title={AGENCY_MSG.notFoundAgency} extra={<Link to={routePath('a-agencies')}>Back to agencies</Link>} />
      </>
    );
  }
  if (query.isError) return <Result status="error" title={MSG.serverError} />;
  if (!query.data) return <Skeleton active />;

  const agency = query.data;
  return (
    <>
      {crumbs}
      <PageHeader title={agency.name} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <InformationCard agency={agency} onEdit={() => setEditing(true)} />
        </Col>
        <Col xs={24} lg={14}>
          <MembersCard agencyId={agency.id} />
        </Col>
        <Col span={24}>
          <CatalogCard agencyId={agency.id} />
        </Col>
      </Row>
      {editing ? <UpdateAgencyModal agencyId={agency.id} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
