import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Col, Result, Row, Skeleton } from 'antd';
import { can } from '@fbo/shared/auth/access';
import { routePath } from '@fbo/shared/routes';
import { MSG } from '@fbo/shared/domain/messages';
import { SELLER_MSG as M } from '@fbo/shared/domain/sellers';
import { HttpError } from '../../../api/http';
import { PageHeader } from '../../../components/PageHeader';
import { DepositsCard } from '../../deposits';
import { BillsCard } from '../../invoices';
import { PayoutsCard } from '../../payouts';
import { useSession } from '../../../entities/session';
import { SellerInformationCard } from '../components/SellerInformationCard';
import { SellerMembersCard } from '../components/SellerMembersCard';
import { EditSellerDialog } from '../components/SellerFormDialog';
import { sellerDetailQuery } from '../sellers.api';

/**
 * /ag/sellers/{id} 'Sellers Deposits': Information and Members, then the Deposits, Bills and
 * Payouts cards for users allowed to see them (staff sees Information and Members only).
 */
export default function SellerDetailPage() {
  const { id = '' } = useParams();
  const { actor } = useSession();
  const valid = /^[0-9a-f-]{36}$/i.test(id);
  const query = useQuery({ ...sellerDetailQuery(id), enabled: valid });
  const [editing, setEditing] = useState(false);

  const crumbs = <Breadcrumb items={[{ title: <Link to={routePath('ag-sellers')}>Sellers</Link> }, { title: query.data?.name ?? 'Seller' }]} />;
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <PageHeader title="Sellers Deposits" />
        <Result status="404" title={M.notFound} extra={<Link to={routePath('ag-sellers')}>Back to Sellers</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title="Sellers Deposits" />
        <Result status="error" title={MSG.serverError} />
      </>
    );
  }
  if (!query.data) return <Skeleton active />;

  const team = query.data;
  return (
    <>
      {crumbs}
      <PageHeader title="Sellers Deposits" />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <SellerInformationCard team={team} actor={actor} onEdit={() => setEditing(true)} />
        </Col>
        <Col xs={24} xl={10}>
          <SellerMembersCard teamId={team.id} />
        </Col>
        {can(actor, 'deposits.agency') ? (
          <Col span={24}>
            <DepositsCard sellerTeamId={team.id} />
          </Col>
        ) : null}
        {can(actor, 'invoices.agency') ? (
          <Col span={24}>
            <BillsCard sellerTeamId={team.id} />
          </Col>
        ) : null}
        {can(actor, 'payouts.agency') ? (
          <Col span={24}>
            <PayoutsCard sellerTeamId={team.id} />
          </Col>
        ) : null}
      </Row>
      {editing ? <EditSellerDialog teamId={team.id} isSubUser={actor?.isSubUser ?? false} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
