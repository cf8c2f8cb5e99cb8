import { Col, Row } from 'antd';
import { Navigate, useParams } from 'react-router';
import { roleOf } from '@fbo/shared/auth/roles';
import { routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { useRequiredSession } from '../../../entities/session';
import { InformationForm } from '../components/InformationForm';
import { PasswordForm } from '../components/PasswordForm';
import { ProfileCard } from '../components/ProfileCard';
import { UserProfileView } from '../components/UserProfileView';
import '../components/profile.css';

/**
 * /ag/users/:id (docs/decisions.md "Profile"): the signed-in user's own profile, editable; for the
 * agency owner, any user of its agency, read-only (the server answers 404 for anyone else's).
 * Everyone else asking for another id is taken to its own profile.
 */
export default function ProfilePage() {
  const { info, actor } = useRequiredSession();
  const { id = '' } = useParams();
  if (id !== info.id) {
    if (roleOf(actor) === 'agency.owner') return <UserProfileView key={id} id={id} />;
    return <Navigate to={routePath('profile', { id: info.id })} replace />;
  }
  return (
    <>
      <PageHeader title="Profile" />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={8}>
          <ProfileCard info={info} />
        </Col>
        <Col xs={24} lg={16}>
          <Row gutter={[24, 24]}>
            <Col span={24}>
              {/* Keyed on the name so a refreshed user resets the form's initial values. */}
              <InformationForm key={info.fullName} info={info} />
            </Col>
            <Col span={24}>
              <PasswordForm />
            </Col>
          </Row>
        </Col>
      </Row>
    </>
  );
}
