import { Navigate } from 'react-router';
import { routePath } from '@fbo/shared/routes';

/** /ag/users has no page of its own: it opens the list (spec part 2 section 2). */
export default function UsersRedirectPage() {
  return <Navigate to={routePath('ag-users-list')} replace />;
}
