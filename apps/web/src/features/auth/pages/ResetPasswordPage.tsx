import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { AuthHeading } from '../components/AuthHeading';
import { confirmRules, passwordRules } from '../components/rules';
import { authApi } from '../auth.api';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const token = params.get('token');

  // The page is only reachable from the e-mail's link (spec part 1 section 8).
  if (!token) return <Navigate to="/error" replace />;

  async function onFinish(values: ResetValues) {
    setSubmitting(true);
    try {
      const result = await authApi.resetPassword({ token: token ?? '', ...values });
      if (result.ok) {
        void message.success(MSG.passwordReseted);
        navigate('/auth/login?reset-password=1', { replace: true });
      } else if (result.body.errors?.token) {
        // A malformed token (cut short by a mail client, edited) fails the schema: its raw text
        // ('token: Too small...') means nothing to the person holding the link.
        void message.error(MSG.tokenInvalid);
      } else if (result.body.message) {
        void message.error(result.body.message);
      }
    } catch {
      void message.error(MSG.serverError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <AuthHeading>Reset password</AuthHeading>
      <Form<ResetValues> name="reset-password" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item label="New password" name="password" rules={passwordRules(MSG.inputNewPassword)}>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item label="Confirm Password" name="confirmPassword" dependencies={['password']} rules={confirmRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Reset password
        </Button>
      </Form>
      <p className="auth-footer">
        <Link to="/auth/login">Cancel</Link>
      </p>
    </>
  );
}
