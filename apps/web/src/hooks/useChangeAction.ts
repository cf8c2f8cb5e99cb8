import { App, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage, type HttpResult } from '../api/http';

/** 'variants.3.color' -> ['variants', 3, 'color']: a server field error as an antd field name. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * Runs a change and tells the user: `success` ('Created', 'Updated', 'Deleted'; or, as a function,
 * text made from the answer) or the server's message, with a 400's field errors shown under the
 * form's fields (nested ones such as 'variants.3.color' too). The queries under `refresh` reload
 * after, success or not (a 404 means someone else changed it: the reload shows it as it is).
 * Resolves the answer, or null on failure.
 */
export function useChangeAction(refresh: readonly QueryKey[]) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  return async function run<T>(call: () => Promise<HttpResult<T>>, success: string | ((body: T) => string), form?: FormInstance): Promise<T | null> {
    try {
      const result = await call();
      if (!result.ok) {
        if (result.body.message) void message.error(result.body.message);
        const fields = new Set(Object.keys(form?.getFieldsValue(true) ?? {}));
        const errors = Object.entries(result.body.errors ?? {}).filter(([name]) => fields.has(String(fieldPath(name)[0])));
        form?.setFields(errors.map(([name, error]) => ({ name: fieldPath(name), errors: [error] })));
        return null;
      }
      void message.success(typeof success === 'function' ? success(result.body) : success);
      return result.body;
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
      return null;
    } finally {
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    }
  };
}

/** Asks 'Are you sure to delete this?' first; cancelling says 'Cancel action!'. */
export function useConfirmDelete(refresh: readonly QueryKey[]) {
  const { modal, message } = App.useApp();
  const run = useChangeAction(refresh);
  return (call: () => Promise<HttpResult<unknown>>, onDeleted?: () => void) =>
    modal.confirm({
      title: 'Are you sure to delete this?',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        if ((await run(call, 'Deleted')) !== null) onDeleted?.();
      },
      onCancel: () => void message.info('Cancel action!'),
    });
}
