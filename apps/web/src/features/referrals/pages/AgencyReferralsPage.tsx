import { useQuery } from '@tanstack/react-query';
import { Space, Typography, type TableColumnsType } from 'antd';
import type { ReferralItem } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { DateTime } from '../../../components/DateTime';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { referralListQuery } from '../referrals.api';

const NO_FILTERS = [] as const;

const team = (t: { name: string; code: string }) => (
  <Space direction="vertical" size={0}>
    <span>{t.name}</span>
    <Typography.Text type="secondary">{t.code}</Typography.Text>
  </Space>
);

const columns: TableColumnsType<ReferralItem> = [
  { title: 'Referred team', key: 'referred', render: (_, row) => team(row.referredTeam) },
  { title: 'Joined', key: 'joined', width: 170, render: (_, row) => <DateTime value={row.referredTeam.createdAt} /> },
  { title: 'Referred by', key: 'referrer', render: (_, row) => team(row.referrer) },
  { title: 'Ref rate', key: 'rate', align: 'right', render: (_, row) => `${row.referrer.rate}%` },
  { title: 'Earned', dataIndex: 'earned', align: 'right', render: (v: number) => formatUsd(v) },
];

/** /ag/referrals: the agency's teams that joined with another team's referral code. */
export default function AgencyReferralsPage() {
  const list = useListParams(NO_FILTERS);
  const query = useQuery(referralListQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  return (
    <>
      <PageHeader title="Referrals" />
      <Typography.Paragraph type="secondary">
        A referrer earns its Ref rate of every approved top-up of the teams it referred, into its profit (held like any profit).
      </Typography.Paragraph>
      <FilterBar>
        <FilterField id="referrals-search" label="Search">
          <SearchBox id="referrals-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="Team name or code" />
        </FilterField>
      </FilterBar>
      <ListTable<ReferralItem> label="Referrals" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
