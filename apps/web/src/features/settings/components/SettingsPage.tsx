import type { ReactNode } from 'react';
import { Alert, Breadcrumb, Card, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { AgencyInfo, RouteName } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { findRoute, routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { agencyInfoQuery } from '../settings.api';
import { settingsPage } from './settings-pages';
import './settings.css';

/** A settings sub-page: breadcrumbs Settings > page, the page's h1 (its route title), content. */
export function SettingsPage({ route, extra, children }: { route: RouteName; extra?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Breadcrumb
        aria-label="Breadcrumb"
        className="settings-breadcrumb"
        items={[{ title: <Link to={routePath('ag-settings-board')}>Settings</Link> }, { title: settingsPage(route).title }]}
      />
      <PageHeader title={findRoute(route)?.title} extra={extra} />
      {children}
    </>
  );
}

/**
 * A settings page whose form needs the agency's stored settings: a skeleton while they load,
 * the error notice if they cannot. The form mounts once with the loaded values, so a later
 * refetch never overwrites what the user is typing.
 */
export function SettingsFormPage({ route, children }: { route: RouteName; children: (info: AgencyInfo) => ReactNode }) {
  const query = useQuery(agencyInfoQuery());
  return (
    <SettingsPage route={route}>
      <Card className="settings-card">
        {query.data ? children(query.data) : query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : <Skeleton active />}
      </Card>
    </SettingsPage>
  );
}
