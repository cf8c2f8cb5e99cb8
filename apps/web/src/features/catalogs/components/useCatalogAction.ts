import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage, type HttpResult } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';

/** 'variants.3.color' -> ['variants', 3, 'color']: a server field error as an antd field name. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Runs a catalog change and tells the user: `success` ('Created', 'Updated', 'Deleted'...) or the
 * server's message, with a 400's field errors shown under the form's fields. Every catalog query
 * refreshes after. Resolves the answer when the change was made, else null.
 */
export function useCatalogAction() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return async function run<T>(call: () => Promise<HttpResult<T>>, success: string | ((answer: T) => string), form?: FormInstance): Promise<T | null> {
    try {
      const result = await call();
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        const errors = Object.entries(result.body.errors ?? {});
        form?.setFields(errors.map(([name, error]) => ({ name: fieldPath(name), errors: [error] })));
        return null;
      }
      void message.success(typeof success === 'string' ? success : success(result.body));
      return result.body;
    } catch (error) {
      // 404: someone else deleted it meanwhile; the refresh below shows the list as it is.
      void message.error(failureMessage(error) ?? MSG.serverError);
      return null;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalogs.all });
    }
  };
}

/** Asks 'Are you sure to delete this?' first; cancelling says 'Cancel action!'. */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  const run = useCatalogAction();
  return (call: () => Promise<HttpResult<unknown>>, onDeleted?: () => void) =>
    modal.confirm({
      title: 'Are you sure to delete this?',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        if (await run(call, 'Deleted')) onDeleted?.();
      },
      onCancel: () => void message.info('Cancel action!'),
    });
}
