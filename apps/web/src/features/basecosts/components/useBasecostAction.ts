import { App, type FormInstance } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage, type HttpResult } from '../../../api/http';
import { queryKeys } from '../../../api/query-keys';

/**
 * Runs a change and tells the user: `success` ('Created', 'Updated', 'Deleted', 'Update success!')
 * or the server's message, with a 400's field errors under the form's fields. Every base-cost query
 * refreshes after. Resolves the answer's body when the change was made, else undefined.
 */
export function useBasecostAction() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return async function run<T>(call: () => Promise<HttpResult<T>>, success: string, form?: FormInstance): Promise<T | undefined> {
    try {
      const result = await call();
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        const fields = new Set(Object.keys(form?.getFieldsValue() ?? {}));
        const errors = Object.entries(result.body.errors ?? {}).filter(([name]) => fields.has(name));
        form?.setFields(errors.map(([name, error]) => ({ name, errors: [error] })));
        return undefined;
      }
      void message.success(success);
      return result.body;
    } catch (error) {
      // 404: someone else deleted it meanwhile; the refresh below shows things as they are.
      void message.error(failureMessage(error) ?? MSG.serverError);
      return undefined;
    } finally {
      void queryClient.invalidateQueries({ queryKey: queryKeys.basecosts.all });
    }
  };
}

/** Asks 'Are you sure to delete this?' first; cancelling says 'Cancel action!'. */
export function useConfirmDelete() {
  const { modal, message } = App.useApp();
  const run = useBasecostAction();
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
