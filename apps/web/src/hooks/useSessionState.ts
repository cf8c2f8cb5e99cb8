import { useCallback, useState } from 'react';

const KEY = 'app-state';

function readAll(): Record<string, unknown> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * App state kept for the tab's life (spec part 1 section 9: app state in session storage), so a
 * reload keeps it and logout (which clears session storage) forgets it.
 */
export function useSessionState<T>(name: string, initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => (name in readAll() ? (readAll()[name] as T) : initial));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      try {
        sessionStorage.setItem(KEY, JSON.stringify({ ...readAll(), [name]: next }));
      } catch {
        /* storage blocked: the state still lives in memory */
      }
    },
    [name],
  );
  return [value, set];
}
