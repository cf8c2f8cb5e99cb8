import { Navigate } from 'react-router';
import { routePath } from '@fbo/shared/routes';

/** /ag/settings opens the board (spec part 2 section 2). */
export default function SettingsRedirectPage() {
  return <Navigate to={routePath('ag-settings-board')} replace />;
}
