import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { queryKeys } from '../../../api/query-keys';
import { PageResult } from '../../../components/PageResult';
import { authApi } from '../auth.api';

/**
 * E-mail confirmation landing. The POST runs through a query keyed by the token: react-query
 * shares one call between StrictMode's double effects and re-renders, and never retries it
 * (a used token would then fail).
 */
export default function ActiveSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const confirm = useQuery({
    queryKey: queryKeys.confirmEmail(token ?? ''),
    queryFn: () => authApi.confirmEmail(token ?? ''),
    enabled: Boolean(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const signIn = (
    <Button type="primary" onClick={() => navigate('/auth/login')}>
      Sign in
    </Button>
  );

  // Without a token this is the page a confirmed user may come back to.
  if (!token) return <PageResult status="success" title={MSG.verified} extra={signIn} />;
  if (confirm.isPending) {
    return (
      <div className="auth-center" role="status">
        <h1 className="visually-hidden">Verifying your account</h1>
        <Spin description="Verifying…" />
      </div>
    );
  }
  if (confirm.data?.ok) return <PageResult status="success" title={MSG.verified} extra={signIn} />;
  // A malformed token fails the schema; its raw text ('token: Too small...') is no message for a person.
  const failure = confirm.data && !confirm.data.ok ? (confirm.data.body.errors?.token ? MSG.tokenInvalid : confirm.data.body.message) : undefined;
  return (
    <PageResult
      status="error"
      title={failure ?? MSG.serverError}
      extra={<Link to="/auth/login">Sign in</Link>}
    />
  );
}
