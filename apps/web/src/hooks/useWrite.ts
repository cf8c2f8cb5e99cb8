import { useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage, type ErrorBody, type HttpResult } from '../api/http';

/** 'variants.3.color' -> ['variants', 3, 'color']: a server field error as an antd field name. */
export function fieldPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * How the screens of one area report their writes; the areas differ and the e2e specs pin each
 * one's texts, so the differences are options rather than one policy for all.
 */
export interface WriteOptions<T> {
  /** Reloaded after the write, whatever came of it (a 404 means someone else changed it: the reload shows it as it is). */
  refresh?: readonly QueryKey[];
  /** A refusal changed nothing on the server: no reload then. */
  keepOnRefusal?: boolean;
  /** The answer is the new state of a cached query: it goes in at once, before the reload. */
  replace?: (body: T) => { queryKey: QueryKey; data: unknown };
  /** Shown when a refusal or a failure carries no message. Without it a bare refusal shows nothing and a failure MSG.serverError. */
  fallback?: string;
  /** 'form' (default): a 400's field errors go under the form's fields; 'message': the first one is the toast. */
  fieldErrors?: 'form' | 'message';
  /** The success toast when the call gives none and the answer has no message. */
  done?: string;
}

/** The success toast: a text, or made from the answer (nothing when it makes none: the caller showed its own). */
export type WriteSuccess<T> = string | ((body: T) => string | void);

function refusalText(body: ErrorBody, options: WriteOptions<unknown>): string | undefined {
  const firstField = options.fieldErrors === 'message' ? Object.values(body.errors ?? {})[0] : undefined;
  return firstField ?? body.message ?? options.fallback;
}

function showFieldErrors(body: ErrorBody, form: FormInstance) {
  const fields = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const errors = Object.entries(body.errors ?? {}).filter(([name]) => fields.has(String(fieldPath(name)[0])));
  form.setFields(errors.map(([name, error]) => ({ name: fieldPath(name), errors: [error] })));
}

/**
 * Runs a write, tells the user how it went and refreshes what it changed. `run` resolves the
 * answer, or null when refused or failed (forms keep their unsaved values); `busy` is true meanwhile.
 */
export function useWrite<Answer = unknown>(options: WriteOptions<Answer> = {}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function run<T extends Answer>(call: () => Promise<HttpResult<T>>, success?: WriteSuccess<T>, form?: FormInstance): Promise<T | null> {
    let reload = true;
    setBusy(true);
    try {
      const result = await call();
      if (!result.ok) {
        reload = !options.keepOnRefusal;
        const text = refusalText(result.body, options as WriteOptions<unknown>);
        if (text) void message.error(text);
        if (form && options.fieldErrors !== 'message') showFieldErrors(result.body, form);
        return null;
      }
      const text = typeof success === 'function' ? success(result.body) : (success ?? (result.body as { message?: string }).message ?? options.done);
      if (text) void message.success(text);
      if (options.replace) {
        const { queryKey, data } = options.replace(result.body);
        queryClient.setQueryData(queryKey, data);
      }
      return result.body;
    } catch (error) {
      void message.error(failureMessage(error) ?? options.fallback ?? MSG.serverError);
      return null;
    } finally {
      setBusy(false);
      if (reload) for (const queryKey of options.refresh ?? []) void queryClient.invalidateQueries({ queryKey });
    }
  }

  return { run, busy };
}

/** Asks 'Are you sure to delete this?' first; cancelling says 'Cancel action!'. */
export function useConfirmDelete(refresh: readonly QueryKey[]) {
  const { modal, message } = App.useApp();
  const { run } = useWrite({ refresh });
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
