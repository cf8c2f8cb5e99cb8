import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { ActionLink } from '../../../components/ActionLink';
import { authApi } from '../auth.api';

/** "Thanks for signing up!" with a resend link; Confirm goes on to sign in. */
export function SignupDoneModal({ email, open, onConfirm }: { email: string; open: boolean; onConfirm: () => void }) {
  const { message } = App.useApp();
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      const result = await authApi.resendConfirmation(email);
      const text = result.body.message;
      if (result.ok) void message.success(text ?? MSG.confirmationResent);
      else if (text) void message.error(text);
    } catch (error) {
      // A throttled request (429) says how long to wait; anything else is the server's fault.
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={MSG.thanksSignup}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onConfirm}>
          Confirm
        </Button>
      }
    >
      <p>{MSG.sentConfirmation}</p>
      <p>{MSG.pleaseConfirm}</p>
      <ActionLink onAction={resend} busy={sending}>
        Resend email confirmation
      </ActionLink>
    </Modal>
  );
}
