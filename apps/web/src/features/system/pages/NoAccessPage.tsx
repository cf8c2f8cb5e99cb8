import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { PageResult } from '../../../components/PageResult';

/** The guard's destination for a route the user may not open. */
export default function NoAccessPage() {
  const navigate = useNavigate();
  return (
    <PageResult
      status="403"
      title={MSG.forbidden}
      subTitle={MSG.noPermission}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Back Home
        </Button>
      }
    />
  );
}
