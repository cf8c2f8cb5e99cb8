import { useCallback, useState } from 'react';

/**
 * One Idempotency-Key per user intent: the same key is sent until `renew()` is called after a
 * success, so a double click or a retry of a request whose answer was lost moves money once.
 */
export function useIdempotencyKey(): { key: string; renew: () => void } {
  const [key, setKey] = useState(() => crypto.randomUUID());
  const renew = useCallback(() => setKey(crypto.randomUUID()), []);
  return { key, renew };
}
