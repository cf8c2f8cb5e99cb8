import { Col, Row } from 'antd';
import { Navigate, useParams } from 'react-router';
import { routePath } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { useRequiredSession } from '../../session';
import { InformationForm } from '../components/InformationForm';
import { PasswordForm } from '../components/PasswordForm';
import { ProfileCard } from '../components/ProfileCard';
import '../components/profile.css';

/** /ag/users/:id: the signed-in user's own profile; another id is replaced by the own one. */
export default function ProfilePage() {
  const { info } = useRequiredSession();
  const { id } = useParams();
  if (id !== info.id) return <Navigate to={routePath('profile', { id: info.id })} replace />;
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
