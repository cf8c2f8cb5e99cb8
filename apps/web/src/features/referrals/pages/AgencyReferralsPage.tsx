import { useQuery } from '@tanstack/react-query';
import { Space, Typography, type TableColumnsType } from 'antd';
import type { ReferralItem } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { listQuery } from '@fbo/shared/schemas/common';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { referralListQuery } from '../referrals.api';

const FILTERS: FilterDecl[] = [searchFilter('referrals-search', 'Team name or code')];

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
  const list = useFilterList(listQuery, FILTERS);
  const query = useQuery(referralListQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  return (
    <>
      <PageHeader title="Referrals" />
      <Typography.Paragraph type="secondary">
        A referrer earns its Ref rate of every approved top-up of the teams it referred, into its profit (held like any profit).
      </Typography.Paragraph>
      <FilterBar {...list.bar} />
      <ListTable<ReferralItem> label="Referrals" columns={columns} {...pagedQueryProps(query, list)} />
    </>
  );
}
