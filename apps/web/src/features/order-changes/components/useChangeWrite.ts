import { App } from 'antd';
import { failureMessage, type HttpResult } from '../../../api/http';
import { useRefreshOrder } from '../../../entities/order';

/**
 * Runs one write of the change requests: the server's message on success or refusal ('Error!'
 * when it said nothing), then the order (items, costs, timeline, requests) is read again. True when done.
 */
export function useChangeWrite() {
  const { message } = App.useApp();
  const refresh = useRefreshOrder();
  return async (call: () => Promise<HttpResult<{ message: string }>>): Promise<boolean> => {
    try {
      const result = await call();
      if (!result.ok) {
        void message.error(result.body.message ?? 'Error!');
        return false;
      }
      void message.success(result.body.message);
      return true;
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Error!');
      return false;
    } finally {
      refresh();
    }
  };
}
