import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { trackingApi, trackingKeys } from '../tracking.api';

/**
 * 'Sync to store' for some orders: queues the sync job per order and says what happened, e.g.
 * "Sync queued for 2 orders" and, for the others, why (no store, nothing to sync).
 */
export function useSyncToStore() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return async (ids: string[]): Promise<boolean> => {
    try {
      const result = await trackingApi.syncToStore(ids);
      if (!result.ok) {
        void message.error(result.body.message ?? MSG.serverError);
        return false;
      }
      const { results, succeeded, failed } = result.body.data;
      if (succeeded) void message.success(`Sync queued for ${succeeded} order${succeeded === 1 ? '' : 's'}`);
      if (failed) {
        const reasons = [...new Set(results.filter((r) => !r.ok).map((r) => r.message ?? ''))].filter(Boolean).join(' ');
        void message.warning(`${failed} order${failed === 1 ? '' : 's'} not synced: ${reasons}`);
      }
      return succeeded > 0;
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: trackingKeys.all });
    }
  };
}
