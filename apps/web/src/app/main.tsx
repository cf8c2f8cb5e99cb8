// First: no schema may run before zod is told not to eval (CSP).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { setHttpHandlers } from '../api/http';
import { ensureClientId } from '../api/storage';
import { captureTokensFromUrl, endSession } from '../entities/session';
import { Providers } from './providers';
import { BASENAME, createAppRouter, isTokenlessPath } from './router';
import './global.css';

// Before the router reads the address: tokens handed over in the URL are stored, then removed.
captureTokensFromUrl();
ensureClientId();

const router = createAppRouter();

setHttpHandlers({
  // A 401 on any call: the session is over. A public page may stay where it is.
  unauthorized: () => {
    endSession();
    if (!isTokenlessPath(router.state.location.pathname)) void router.navigate('/auth/login', { replace: true });
  },
  forbiddenList: () => void router.navigate('/no-access', { replace: true }),
});

const container = document.getElementById('root');
if (!container) throw new Error(`#root is missing from index.html (${BASENAME})`);

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
