import { App } from 'antd';
import type { OrderDetailAnswer } from '@fbo/shared/schemas/order-detail';
import { failureMessage, type HttpResult } from '../../../api/http';
import { useRefreshOrder } from '../../../entities/order';

/**
 * Runs one write of the detail page: the server's message on success (the order it answers goes
 * straight into the page) or on refusal; 'Error!' when the server said nothing. True when saved.
 */
export function useOrderWrite() {
  const { message } = App.useApp();
  const refresh = useRefreshOrder();
  return async (call: () => Promise<HttpResult<OrderDetailAnswer>>): Promise<boolean> => {
    try {
      const result = await call();
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error!');
        return false;
      }
      void message.success(result.body.message);
      refresh(result.body.data);
      return true;
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Error!');
      refresh();
      return false;
    }
  };
}
