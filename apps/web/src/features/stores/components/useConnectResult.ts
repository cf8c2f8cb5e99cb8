import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { storeKeys } from '../stores.api';

/**
 * Shopify's callback lands on /s/integrations?connected=<id> or ?error=<message>: the first toasts
 * "Store connected" and marks the store, the second is shown until closed. Either is then taken out
 * of the address, so a reload or a shared link does not say it again.
 */
export function useConnectResult() {
  const [params, setParams] = useSearchParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const connected = params.get('connected');
  const error = params.get('error');
  const [highlight, setHighlight] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The effect may run twice for one arrival (StrictMode): one toast.
  const seen = useRef<string | null>(null);

  useEffect(() => {
    if (!connected && !error) return;
    const key = `${connected ?? ''}|${error ?? ''}`;
    if (seen.current !== key) {
      seen.current = key;
      if (connected) {
        void message.success('Store connected');
        setHighlight(connected);
        void queryClient.invalidateQueries({ queryKey: storeKeys.all });
      }
      if (error) setFailure(error);
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('connected');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [connected, error, message, queryClient, setParams]);

  return { highlight, failure, clearFailure: () => setFailure(null) };
}
