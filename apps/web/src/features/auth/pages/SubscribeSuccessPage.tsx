import { MSG } from '@fbo/shared/domain/messages';
import { PageResult } from '../../../components/PageResult';

export default function SubscribeSuccessPage() {
  return <PageResult status="success" title={MSG.subscribed} />;
}
