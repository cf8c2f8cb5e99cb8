import { Alert } from 'antd';
import { MSG } from '@fbo/shared/domain/messages';

/** 'The password has been reset successfully', after a reset sends the user to sign in. */
export default function ResetBanner() {
  return <Alert type="success" showIcon title={MSG.resetBanner} className="auth-alert" />;
}
