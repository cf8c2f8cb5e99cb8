import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Card, Col, Descriptions, Result, Row, Skeleton } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { authorityLabel } from '@fbo/shared/auth/roles';
import { MSG } from '@fbo/shared/domain/messages';
import { routePath } from '@fbo/shared/routes';
import { HttpError } from '../../../api/http';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { UserFormDialog } from '../../users';
import { userProfileQuery } from '../profile.api';
import { ProfileCard } from './ProfileCard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Another user's profile, as the agency owner opens it from Agency Users: read-only, and changed
 * only through the Update Agency User dialog (full name, authority, proxies), as the list allows.
 * The owner row is not a sub-user: no dialog, as in the list.
 */
export function UserProfileView({ id }: { id: string }) {
  const valid = UUID.test(id);
  const query = useQuery({ ...userProfileQuery(id), enabled: valid });
  const [editing, setEditing] = useState(false);
  const user = query.data;
  const crumbs = <Breadcrumb items={[{ title: <Link to={routePath('ag-users-list')}>Agency Users</Link> }, { title: user?.fullName ?? 'Profile' }]} />;

  // Not a user of the owner's agency (or no user at all): the server answers 404 alike.
  if (!valid || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <>
        {crumbs}
        <PageHeader title="Profile" />
        <Result status="404" title="User not found" extra={<Link to={routePath('ag-users-list')}>Back to Agency Users</Link>} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {crumbs}
        <PageHeader title="Profile" />
        <Result status="error" title={MSG.serverError} />
      </>
    );
  }
  if (!user) return <Skeleton active />;

  return (
    <>
      {crumbs}
      <PageHeader
        title="Profile"
        extra={
          user.isSubUser ? (
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
          ) : null
        }
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <ProfileCard info={user} />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={<h2 className="profile-card-title">Information</h2>}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'fullName', label: 'Full Name', children: user.fullName },
                { key: 'email', label: 'Email', children: user.email },
                { key: 'role', label: 'Role', children: authorityLabel(user.userType) },
                { key: 'authority', label: 'Authority', children: authorityLabel(user.authority) },
                { key: 'proxies', label: 'Proxies', children: user.proxies.map((p) => p.proxyDomain).join(', ') || '—' },
                { key: 'created', label: 'Created', children: <DateTime value={user.createdAt} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {editing ? <UserFormDialog variant="agency" user={user} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
