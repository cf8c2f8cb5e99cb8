import { useState } from 'react';
import { Alert, App, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { ActionLink } from '../../../components/ActionLink';
import { AuthHeading } from '../components/AuthHeading';
import { emailRules } from '../components/rules';
import { authApi } from '../auth.api';

type Stage = 'initial' | 'sent' | 'not-registered';

const [SENT_TEXT] = MSG.instructionsSent.split(/Resend\.$/);

export default function ForgotPasswordPage() {
  const { message } = App.useApp();
  const [stage, setStage] = useState<Stage>('initial');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  /** Posts the request; resolves whether the instructions went out. */
  async function send(address: string): Promise<boolean> {
    setSending(true);
    try {
      const result = await authApi.forgotPassword(address);
      if (result.ok) {
        setEmail(address);
        setStage('sent');
        return true;
      }
      setStage('not-registered');
      if (result.body.message) void message.error(result.body.message);
    } catch (error) {
      // A throttled request (429) says how long to wait; anything else is the server's fault.
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setSending(false);
    }
    return false;
  }

  async function resend() {
    // The spec gives no wording for a resend: confirm it plainly so the click is not silent.
    if (await send(email)) void message.success('Instructions sent again');
  }

  return (
    <>
      <AuthHeading>Forgot password</AuthHeading>
      {stage === 'sent' ? (
        <Alert
          type="success"
          showIcon
          className="auth-alert"
          role="status"
          title={
            <>
              {SENT_TEXT}
              <ActionLink onAction={resend} busy={sending}>
                Resend
              </ActionLink>
              .
            </>
          }
        />
      ) : (
        <>
          {stage === 'not-registered' ? (
            <Alert type="warning" showIcon className="auth-alert" title={MSG.notRegistered} />
          ) : null}
          <Form<{ email: string }>
            name="forgot-password"
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => send(values.email.trim())}
          >
            <Form.Item label="Email" name="email" rules={emailRules}>
              <Input type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={sending}>
              Email Instructions
            </Button>
          </Form>
        </>
      )}
      <p className="auth-footer">
        <Link to="/auth/login">Return to Sign in?</Link>
      </p>
    </>
  );
}
