import { MSG } from '@fbo/shared';
import { PageResult } from '../../../components/PageResult';

export default function SubscribeSuccessPage() {
  return <PageResult status="success" title={MSG.subscribed} />;
}
