import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SellerTeamRow } from '@fbo/shared';
import { can } from '@fbo/shared/auth/access';
import type { Actor } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { SELLER_TYPE_LABELS } from '@fbo/shared/domain/sellers';
import { DateTime } from '../../../components/DateTime';
import { sellerProfitsQuery } from '../sellers.api';
import { AutoApproveTag } from './SellerFigures';

const yesNo = (value: boolean) => (value ? <Tag color="success">Yes</Tag> : <Tag>No</Tag>);

/** Seller detail, Information: every field of the team, its balance and profit figures, and Edit. */
export function SellerInformationCard({ team, actor, onEdit }: { team: SellerTeamRow; actor: Actor | null; onEdit: () => void }) {
  const profits = useQuery({ ...sellerProfitsQuery([team.id]), enabled: can(actor, 'profits.agency') });
  const profit = profits.data?.get(team.id);
  const money = (value: number | undefined) => (value === undefined ? '—' : formatUsd(value));
  return (
    <Card
      title="Information"
      extra={
        <Button icon={<EditOutlined />} onClick={onEdit}>
          Edit
        </Button>
      }
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="Name">{team.name}</Descriptions.Item>
        <Descriptions.Item label="Code">{team.code}</Descriptions.Item>
        <Descriptions.Item label="Manager">{team.manager?.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Supporter">{team.supporter?.email ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Base cost">{team.basecost?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Seller type">{SELLER_TYPE_LABELS[team.sellerType]}</Descriptions.Item>
        {team.sellerType === 'warehouse' ? <Descriptions.Item label="Mapped user">{team.mappedUser?.email ?? '—'}</Descriptions.Item> : null}
        <Descriptions.Item label="Referral code">{team.referralCode}</Descriptions.Item>
        <Descriptions.Item label="Referral rate">{team.rate}%</Descriptions.Item>
        <Descriptions.Item label="Referral from">{team.referralFrom ? `${team.referralFrom.name} (${team.referralFrom.code})` : '—'}</Descriptions.Item>
        <Descriptions.Item label="Active">{yesNo(team.active)}</Descriptions.Item>
        <Descriptions.Item label="Auto approve">
          <AutoApproveTag auto={team.autoApproveOrder} />
        </Descriptions.Item>
        <Descriptions.Item label="Get order API">{yesNo(team.getOrderAPI)}</Descriptions.Item>
        <Descriptions.Item label="Pending top-ups">{team.pendingTopUp}</Descriptions.Item>
        <Descriptions.Item label="Balance">{formatUsd(team.balance.amount)}</Descriptions.Item>
        <Descriptions.Item label="Pending payout days">
          {team.pendingPayoutDays} {team.pendingPayoutDays === 1 ? 'day' : 'days'}
        </Descriptions.Item>
        <Descriptions.Item label="Profit paid">{money(profit?.totalAmountPaid)}</Descriptions.Item>
        <Descriptions.Item label="Profit on hold">{money(profit?.totalHold)}</Descriptions.Item>
        <Descriptions.Item label="Total profit">{money(profit?.totalProfit)}</Descriptions.Item>
        <Descriptions.Item label="Available profit">{money(profit?.remainProfit)}</Descriptions.Item>
        <Descriptions.Item label="Created">
          <DateTime value={team.createdAt} />
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
