import { useState } from 'react';
import { App, Button, Space } from 'antd';
import { can, type CustomerEraseAnswer } from '@fbo/shared';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { useSession } from '../../../entities/session';
import { useWrite } from '../../../hooks/useWrite';
import { customerKeys, customersApi } from '../customers.api';

/**
 * The customer's privacy requests (docs/customers.md "Privacy"): Export data, for whoever reads the customer, and Erase
 * personal data, for those the permission table lets erase (the agency's owner, the team's manager), after a
 * confirmation saying what happens. The server decides; the buttons only follow it.
 */
export function CustomerPrivacyActions({ id, name, onErased }: { id: string; name: string; onErased: (answer: CustomerEraseAnswer['data']) => void }) {
  const { actor } = useSession();
  const { message, modal } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const write = useWrite<CustomerEraseAnswer>({ refresh: [customerKeys.all] });

  async function exportData() {
    setExporting(true);
    try {
      await customersApi.downloadData(id);
    } catch (error) {
      void message.error(failureMessage(error) ?? MSG.serverError);
    } finally {
      setExporting(false);
    }
  }

  function confirmErase() {
    modal.confirm({
      title: `Erase the personal data of ${name}?`,
      content: (
        <>
          <p>
            Its closed orders (fulfilled or cancelled) are erased now: name, e-mail, phone and address become &ldquo;[erased]&rdquo;; totals,
            statuses and the country stay.
          </p>
          <p>Its open orders keep their details until they close, then they are erased too.</p>
          <p>
            <strong>This cannot be undone.</strong>
          </p>
        </>
      ),
      okText: 'Erase personal data',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        const answer = await write.run(() => customersApi.erase(id));
        if (answer) onErased(answer.data);
      },
    });
  }

  return (
    <Space wrap>
      <Button loading={exporting} onClick={() => void exportData()}>
        Export data
      </Button>
      {can(actor, 'customers.erase') ? (
        <Button danger loading={write.busy} onClick={confirmErase}>
          Erase personal data
        </Button>
      ) : null}
    </Space>
  );
}
