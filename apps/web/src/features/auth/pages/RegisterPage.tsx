import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { appTokenStore } from '../../../api/storage';
import { AuthHeading } from '../components/AuthHeading';
import { SignupDoneModal } from '../components/SignupDoneModal';
import { confirmRules, emailRules, nameRules, passwordRules } from '../components/rules';
import { authApi, type SignupBody } from '../auth.api';

export default function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const [signedUpEmail, setSignedUpEmail] = useState<string | null>(null);

  async function onFinish(values: SignupBody) {
    setSubmitting(true);
    try {
      const body: SignupBody = {
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        referralCode: values.referralCode || undefined,
        // A store app waiting to be linked travels with the new account.
        appToken: appTokenStore.get() ?? undefined,
      };
      const result = await authApi.signup(body);
      if (result.ok) setSignedUpEmail(body.email);
      else if (result.body.message) void message.error(result.body.message);
    } catch (error) {
      // A throttled request (429) says how long to wait; anything else is the server's fault.
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <>
      <AuthHeading>Sign up</AuthHeading>
      <Form<SignupBody>
        name="register"
        layout="vertical"
        onFinish={onFinish}
        requiredMark={false}
        initialValues={{ referralCode: params.get('r') ?? undefined }}
      >
        <Form.Item label="Name" name="name" rules={nameRules}>
          <Input autoComplete="name" autoFocus />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={emailRules}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={passwordRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="Confirm Password" name="confirmPassword" dependencies={['password']} rules={confirmRules()}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="referralCode" hidden>
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Sign up
        </Button>
      </Form>
      <p className="auth-footer">
        <Link to="/auth/login">Have an account? Sign in.</Link>
      </p>
      <SignupDoneModal
        open={signedUpEmail !== null}
        email={signedUpEmail ?? ''}
        onConfirm={() => navigate('/auth/login')}
      />
    </>
  );
}
