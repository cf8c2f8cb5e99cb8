import { Button } from 'antd';
import { MSG } from '@fbo/shared/domain/messages';
import { PageResult } from '../../../components/PageResult';

/** 'Sorry, Server or data error' with a Back Home button. */
export function ServerErrorView({ onHome }: { onHome: () => void }) {
  return (
    <PageResult
      status="500"
      title={MSG.serverError}
      extra={
        <Button type="primary" onClick={onHome}>
          Back Home
        </Button>
      }
    />
  );
}
