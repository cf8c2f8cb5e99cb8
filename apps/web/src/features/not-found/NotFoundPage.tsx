import { landingPath } from '@fbo/shared/routes';
import ShellLayout from '../../layouts/ShellLayout';
import { useSession } from '../../entities/session';
import { NotFoundView } from './NotFoundView';
import './not-found.css';

/**
 * The catch-all route under /cms/: inside the shell for a signed-in user (its menu stays at hand),
 * on a bare page otherwise. The address is kept, so the user sees what was mistyped.
 */
export default function NotFoundPage() {
  const { actor } = useSession();
  if (actor) {
    return (
      <ShellLayout>
        <NotFoundView home={landingPath(actor)} />
      </ShellLayout>
    );
  }
  return (
    <main className="not-found-bare">
      <NotFoundView home="/auth/login" />
    </main>
  );
}
