import { useEffect } from 'react';
import { Navigate, useLocation, useRouteError } from 'react-router';
import { StaticErrorView } from '../components/StaticErrorView';

/**
 * Any uncaught rendering or loading error sends the user to /error (spec part 1 section 4).
 * If /error itself fails, the static view is shown in place rather than looping.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  if (pathname !== '/error') return <Navigate to="/error" replace />;
  return <StaticErrorView />;
}
