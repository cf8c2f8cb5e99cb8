import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, FilterOutlined, KeyOutlined, PlusOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { SellerProfitRow, SellerTeamRow } from '@fbo/shared';
import { routePath } from '@fbo/shared/routes';
import { formatUsd } from '@fbo/shared/domain/money';
import { AUTO_APPROVE, SELLER_MSG as M } from '@fbo/shared/domain/sellers';
import { MSG } from '@fbo/shared/domain/messages';
import { sellerListQuery as sellerListSchema } from '@fbo/shared/schemas/sellers';
import { failureMessage } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { pickerFilter } from '../../../components/filters/pickerFilter';
import { useFilterList } from '../../../components/filters/useFilterList';
import { useSession } from '../../../entities/session';
import { sellerKeys, sellerListQuery, sellerProfitsQuery, sellersApi } from '../sellers.api';
import { MapUserDialog } from '../components/MapUserDialog';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog';
import { CreateSellerDialog, EditSellerDialog } from '../components/SellerFormDialog';
import { AutoApproveTag, ManagerEmail, PendingTopUpBadge, ProfitFigures } from '../components/SellerFigures';
import { BasecostSelect, SELLER_TYPE_OPTIONS, SellerTeamSelect, StaffSelect } from '../components/SellerSelects';
import '../components/sellers.css';

type Dialog =
  | { kind: 'closed' }
  | { kind: 'create' }
  | { kind: 'edit'; id: string }
  | { kind: 'map'; team: SellerTeamRow }
  | { kind: 'reset'; team: SellerTeamRow };

interface Handlers {
  onMap: (team: SellerTeamRow) => void;
  onReset: (team: SellerTeamRow) => void;
  onEdit: (team: SellerTeamRow) => void;
  onDelete: (team: SellerTeamRow) => void;
}

function columns(profits: Map<string, SellerProfitRow> | undefined, h: Handlers): TableColumnsType<SellerTeamRow> {
  return [
    { title: 'Created', dataIndex: 'createdAt', width: 110, render: (value: string) => <DateTime value={value} /> },
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, row) => (
        <div className="seller-name">
          <PendingTopUpBadge count={row.pendingTopUp}>
            <Link to={routePath('ag-seller-detail', { id: row.id })}>{name}</Link>
          </PendingTopUpBadge>
          <ManagerEmail email={row.manager?.email} />
        </div>
      ),
    },
    { title: 'Code', dataIndex: 'code' },
    { title: 'Ref rate', dataIndex: 'rate', render: (rate: number) => `${rate}%` },
    {
      title: 'Referral From',
      dataIndex: 'referralFrom',
      render: (from: SellerTeamRow['referralFrom']) =>
        from ? (
          <div className="seller-name">
            <span>
              {from.name} ({from.code})
            </span>
            <ManagerEmail email={from.managerEmail ?? undefined} />
          </div>
        ) : (
          '—'
        ),
    },
    { title: 'Basecost', dataIndex: ['basecost', 'name'], render: (name: string | undefined) => name ?? '—' },
    { title: 'Balance ($)', dataIndex: ['balance', 'amount'], align: 'right', render: (amount: number) => formatUsd(amount) },
    {
      title: 'Profit ($)',
      key: 'profit',
      render: (_, row) => <ProfitFigures profit={profits?.get(row.id)} pendingPayoutDays={row.pendingPayoutDays} />,
    },
    { title: 'Auto Approve', dataIndex: 'autoApproveOrder', render: (auto: boolean) => <AutoApproveTag auto={auto} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 170,
      render: (_, row) => (
        <Space size={4}>
          {row.sellerType === 'warehouse' ? (
            <Tooltip title="Map user">
              <Button icon={<UserSwitchOutlined />} aria-label={`Map user ${row.name}`} onClick={() => h.onMap(row)} />
            </Tooltip>
          ) : null}
          <Tooltip title="Reset Password">
            <Button icon={<KeyOutlined />} aria-label={`Reset Password ${row.name}`} onClick={() => h.onReset(row)} />
          </Tooltip>
          <Tooltip title="Edit">
            <Button icon={<EditOutlined />} aria-label={`Edit ${row.name}`} onClick={() => h.onEdit(row)} />
          </Tooltip>
          <Tooltip title="Delete">
            <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${row.name}`} onClick={() => h.onDelete(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];
}

/** /ag/sellers: the agency's seller teams with their money, and the Create, Edit, Map user, Reset password and Delete dialogs. */
export default function SellersPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { actor } = useSession();
  const list = useFilterList(sellerListSchema, [
    searchFilter('sellers-search', 'Name or code'),
    pickerFilter('sellerTeam', 'sellers-team', 'Seller team', SellerTeamSelect, { style: { width: 220 } }),
    pickerFilter('supporter', 'sellers-supporter', 'Supporter', StaffSelect, { placeholder: 'All supporters', style: { width: 220 } }),
    {
      kind: 'select', key: 'autoApproveOrder', id: 'sellers-auto', label: 'Auto Approve', placeholder: 'All', width: 130,
      options: AUTO_APPROVE.map((v) => ({ value: v, label: v })),
    },
    pickerFilter('basecost', 'sellers-basecost', 'Base cost', BasecostSelect, { placeholder: 'All base costs', style: { width: 200 } }),
    { kind: 'select', key: 'sellerType', id: 'sellers-type', label: 'Seller type', placeholder: 'All', width: 140, options: SELLER_TYPE_OPTIONS },
  ] satisfies FilterDecl[]);
  const { filters } = list;
  // 'Seller type' hides behind 'More filters' unless the address holds one.
  const [moreFilters, setMoreFilters] = useState(Boolean(filters.sellerType));
  const shownFilters = moreFilters ? list.bar.filters : list.bar.filters.filter((decl) => decl.kind !== 'select' || decl.key !== 'sellerType');
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });

  const autoApprove = filters.autoApproveOrder && (AUTO_APPROVE as readonly string[]).includes(filters.autoApproveOrder) ? (filters.autoApproveOrder as 'AUTO' | 'MANUAL') : undefined;
  const sellerType = filters.sellerType === 'default' || filters.sellerType === 'warehouse' ? (filters.sellerType as 'default' | 'warehouse') : undefined;
  const params = {
    page: list.page,
    limit: list.limit,
    search: list.search || undefined,
    sellerTeam: filters.sellerTeam,
    supporter: filters.supporter,
    autoApproveOrder: autoApprove,
    basecost: filters.basecost,
    sellerType,
  };
  const query = useQuery(sellerListQuery(params));
  const ids = useMemo(() => (query.data?.data ?? []).map((r) => r.id), [query.data]);
  const profits = useQuery(sellerProfitsQuery(ids));

  async function remove(team: SellerTeamRow) {
    try {
      const result = await sellersApi.remove(team.id);
      if (!result.ok) {
        void message.error(result.body.message ?? MSG.serverError);
        return;
      }
      void message.success(M.deleted);
      if (query.data?.data.length === 1 && list.page > 1) list.update({ page: list.page - 1 });
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all });
    }
  }

  function confirmDelete(team: SellerTeamRow) {
    modal.confirm({
      title: M.deleteConfirm,
      content: `${team.name} (${team.code})`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => remove(team),
      onCancel: () => void message.info(M.cancelAction),
    });
  }

  const handlers: Handlers = {
    onMap: (team) => setDialog({ kind: 'map', team }),
    onReset: (team) => setDialog({ kind: 'reset', team }),
    onEdit: (team) => setDialog({ kind: 'edit', id: team.id }),
    onDelete: confirmDelete,
  };

  return (
    <>
      <PageHeader
        title="Sellers"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            Create
          </Button>
        }
      />
      <FilterBar {...list.bar} filters={shownFilters}>
        <Button icon={<FilterOutlined />} aria-expanded={moreFilters} onClick={() => setMoreFilters((v) => !v)}>
          {moreFilters ? 'Fewer filters' : 'More filters'}
        </Button>
      </FilterBar>
      <ListTable<SellerTeamRow>
        label="Sellers"
        columns={columns(profits.data, handlers)}
        {...pagedQueryProps(query, list)}
      />
      {dialog.kind === 'create' ? <CreateSellerDialog onClose={() => setDialog({ kind: 'closed' })} /> : null}
      {dialog.kind === 'edit' ? (
        <EditSellerDialog teamId={dialog.id} isSubUser={actor?.isSubUser ?? false} onClose={() => setDialog({ kind: 'closed' })} />
      ) : null}
      {dialog.kind === 'map' ? <MapUserDialog team={dialog.team} onClose={() => setDialog({ kind: 'closed' })} /> : null}
      {dialog.kind === 'reset' ? <ResetPasswordDialog team={dialog.team} onClose={() => setDialog({ kind: 'closed' })} /> : null}
    </>
  );
}
