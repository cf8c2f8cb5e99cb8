import { lazy, Suspense, useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { landingPath } from '@fbo/shared/routes';
import { linkPendingStore } from '../../../entities/session';
import { AuthHeading } from '../components/AuthHeading';
import { emailRules, passwordRules } from '../components/rules';
import { signIn } from '../sign-in';
import type { LoginBody } from '../auth.api';

// Loaded only after a reset: most visits to this page never show it (keeps sign-in light).
const ResetBanner = lazy(() => import('../components/ResetBanner'));

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);

  async function onFinish(values: LoginBody) {
    setSubmitting(true);
    try {
      const outcome = await signIn({ email: values.email.trim(), password: values.password });
      if (outcome.kind === 'rejected') {
        // The spec shows the server's message, or nothing when there is none.
        if (outcome.message) void message.error(outcome.message);
        return;
      }
      if (outcome.kind === 'failed') {
        void message.error(MSG.serverError);
        return;
      }
      void message.success(MSG.loginSuccess);
      const link = await linkPendingStore();
      if (link.kind === 'failed') void message.error(MSG.canNotAuthorize);
      navigate(landingPath(outcome.session.actor), { replace: true });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <AuthHeading>Sign in</AuthHeading>
      {params.get('reset-password') === '1' ? (
        <Suspense fallback={null}>
          <ResetBanner />
        </Suspense>
      ) : null}
      <Form<LoginBody> name="login" layout="vertical" onFinish={onFinish} requiredMark={false} disabled={submitting}>
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={passwordRules()}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <div className="auth-row-end">
          <Link to="/auth/forgot-password">Forgot password?</Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign in
        </Button>
      </Form>
      <p className="auth-footer">
        <Link to="/auth/register">Don&apos;t have an account? Sign up.</Link>
      </p>
    </>
  );
}
