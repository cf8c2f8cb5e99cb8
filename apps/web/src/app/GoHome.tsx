import { Navigate, useLocation } from 'react-router';
import { BootSplash } from '../components/BootSplash';

/**
 * Element of '/', whose loader always redirects. It renders only if a redirect did not happen,
 * and then goes home itself (or waits at '/').
 */
export function GoHome() {
  const { pathname } = useLocation();
  return pathname === '/' ? <BootSplash /> : <Navigate to="/" replace />;
}
