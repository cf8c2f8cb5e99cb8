import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { Link, Navigate, useNavigate } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { landingPath } from '@fbo/shared/routes';
import { endSession, linkPendingStore, useSession } from '../../../entities/session';
import { AuthHeading } from '../components/AuthHeading';

/** Links the pending store app to the signed-in account. */
export default function SignInWelcomePage() {
  const { info, actor } = useSession();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [linking, setLinking] = useState(false);
  // Decided on arrival only: 'Another account' signs out on its way to /auth/login, and that
  // must not turn into a redirect to sign-in-require.
  const [signedOutOnArrival] = useState(() => !info);

  if (signedOutOnArrival) return <Navigate to="/auth/sign-in-require" replace />;
  if (!info || !actor) return null;

  async function authorize() {
    if (!actor) return;
    setLinking(true);
    try {
      const result = await linkPendingStore();
      if (result.kind === 'linked') {
        void message.success(result.message ?? 'Store authorized');
        navigate(landingPath(actor), { replace: true });
      } else {
        // No pending app token counts as a failure too: there is nothing to authorize.
        void message.error(MSG.canNotAuthorize);
      }
    } finally {
      setLinking(false);
    }
  }

  return (
    <>
      <AuthHeading sub={<>You are signed in as <strong>{info.email}</strong>.</>}>Welcome</AuthHeading>
      <Flex vertical gap={12}>
        <Button type="primary" block onClick={authorize} loading={linking}>
          authorize now
        </Button>
      </Flex>
      <p className="auth-footer auth-links">
        {/* Signing out keeps the app token: the store still waits to be linked, to the other account. */}
        <Link to="/auth/login" onClick={() => endSession({ keepAppToken: true })}>
          Another account
        </Link>
        <Link to="/auth/register">Register here</Link>
      </p>
    </>
  );
}
