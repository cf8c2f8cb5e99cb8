import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/** One client for the app; loaders (outside React) use it too. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx cannot help, and retrying a 401/403 would repeat the redirect.
      retry: (failures, error) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
