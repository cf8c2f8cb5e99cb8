import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { ManagedUser } from '@fbo/shared';
import { authorityLabel } from '@fbo/shared/auth/roles';
import { MSG } from '@fbo/shared/domain/messages';
import { USER_ADMIN_MSG as M } from '@fbo/shared/domain/users-admin';
import { routePath } from '@fbo/shared/routes';
import { listQuery } from '@fbo/shared/schemas/common';
import { failureMessage } from '../../../api/http';
import { FilterBar } from '../../../components/FilterBar';
import { ListTable, pagedQueryProps } from '../../../components/ListTable';
import { PageHeader } from '../../../components/PageHeader';
import { searchFilter, type FilterDecl } from '../../../components/filters/filter-decl';
import { useFilterList } from '../../../components/filters/useFilterList';
import { userKeys, userListQuery, usersApi } from '../users.api';
import { UserFormDialog, type UsersVariant } from './UserFormDialog';

const FILTERS: FilterDecl[] = [searchFilter('users-search', 'Name or email')];

/** Which dialog is open: none, create, or update of one user. */
type Dialog = { kind: 'closed' } | { kind: 'create' } | { kind: 'update'; user: ManagedUser };

/**
 * `linkProfiles`: names open the user's profile. Only the agency owner may read another user's
 * profile (docs/decisions.md "Profile"); a team manager's link would only land on its own.
 */
function columns(onEdit: (user: ManagedUser) => void, onDelete: (user: ManagedUser) => void, linkProfiles: boolean): TableColumnsType<ManagedUser> {
  return [
    {
      title: 'Full Name',
      dataIndex: 'fullName',
      render: (name: string, row) => (linkProfiles ? <Link to={routePath('profile', { id: row.id })}>{name}</Link> : name),
    },
    { title: 'Email', dataIndex: 'email' },
    { title: 'Role', dataIndex: 'userType', render: (value: string) => authorityLabel(value) },
    { title: 'Authority', dataIndex: 'authority', render: (value: string | null) => authorityLabel(value) },
    {
      title: 'Actions',
      key: 'actions',
      width: 120,
      // The owner (or team manager) is not a sub-user: managed from its profile, never deleted here.
      render: (_, row) => (
        <Space>
          <Button icon={<EditOutlined />} aria-label={`Edit ${row.fullName}`} disabled={!row.isSubUser} onClick={() => onEdit(row)} />
          <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${row.fullName}`} disabled={!row.isSubUser} onClick={() => onDelete(row)} />
        </Space>
      ),
    },
  ];
}

/** /ag/users/list (the agency's users) and /s/users (a seller team's sub-users). */
export function UserListPage({ title, variant }: { title: string; variant: UsersVariant }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useFilterList(listQuery, FILTERS);
  const query = useQuery(userListQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });

  async function remove(user: ManagedUser) {
    try {
      const result = await usersApi.remove(user.id);
      if (!result.ok) {
        void message.error(result.body.message ?? MSG.serverError);
        return;
      }
      void message.success(M.deleted);
      // The last row of a later page went: show the page before instead of an empty one.
      if (query.data?.data.length === 1 && list.page > 1) list.update({ page: list.page - 1 });
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    }
  }

  function confirmDelete(user: ManagedUser) {
    modal.confirm({
      title: M.deleteConfirm,
      onOk: () => remove(user),
      onCancel: () => {
        void message.info(M.cancelAction);
      },
    });
  }

  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
            Create User
          </Button>
        }
      />
      <FilterBar {...list.bar} />
      <ListTable<ManagedUser>
        label={title}
        columns={columns((user) => setDialog({ kind: 'update', user }), confirmDelete, variant === 'agency')}
        {...pagedQueryProps(query, list)}
      />
      {dialog.kind === 'closed' ? null : (
        <UserFormDialog
          variant={variant}
          user={dialog.kind === 'update' ? dialog.user : undefined}
          onClose={() => setDialog({ kind: 'closed' })}
        />
      )}
    </>
  );
}
