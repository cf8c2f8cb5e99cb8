import { useState } from 'react';
import { App } from 'antd';
import { SETTINGS_MSG } from '@fbo/shared/domain/agency-settings';
import { failureMessage, type ErrorBody, type HttpResult } from '../../../api/http';

/** A 400's first field message reads better than its `field: message` summary. */
function refusalText(body: ErrorBody): string {
  return Object.values(body.errors ?? {})[0] ?? body.message ?? SETTINGS_MSG.error;
}

/**
 * Runs one settings call and tells the user how it went: the server's success message (or
 * `show` for answers that need their own display), the server's refusal, or 'Error!'.
 * Resolves with the answer, or null when it failed, so forms keep their unsaved values.
 */
export function useServerAction() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  async function run<T extends { message?: string }>(call: () => Promise<HttpResult<T>>, show?: (body: T) => void): Promise<T | null> {
    setBusy(true);
    try {
      const result = await call();
      if (!result.ok) {
        void message.error(refusalText(result.body));
        return null;
      }
      if (show) show(result.body);
      else void message.success(result.body.message ?? SETTINGS_MSG.updateSuccess);
      return result.body;
    } catch (error) {
      void message.error(failureMessage(error) ?? SETTINGS_MSG.error);
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { run, busy };
}
