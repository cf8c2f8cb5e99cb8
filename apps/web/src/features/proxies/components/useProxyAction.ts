import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage, type HttpResult } from '../../../api/http';
import { proxyKeys } from '../proxies.api';

/**
 * Runs a change and tells the user: `success` ('Created', 'Updated', 'Deleted') or the server's
 * message, with a 400's field errors shown under the form's fields. Every proxy list refreshes after.
 * Resolves true when the change was made.
 */
export function useProxyAction() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return async function run<T>(call: () => Promise<HttpResult<T>>, success: string, form?: FormInstance): Promise<boolean> {
    try {
      const result = await call();
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        const fields = new Set(Object.keys(form?.getFieldsValue() ?? {}));
        const errors = Object.entries(result.body.errors ?? {}).filter(([name]) => fields.has(name));
        form?.setFields(errors.map(([name, error]) => ({ name, errors: [error] })));
        return false;
      }
      void message.success(success);
      return true;
    } catch (error) {
      // 404: someone else deleted it meanwhile; the refresh below shows the list as it is.
      void message.error(failureMessage(error) ?? MSG.serverError);
      return false;
    } finally {
      void queryClient.invalidateQueries({ queryKey: proxyKeys.all });
    }
  };
}

/** Asks 'Are you sure to delete this?' first; cancelling says 'Cancel action!'. */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  const run = useProxyAction();
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
