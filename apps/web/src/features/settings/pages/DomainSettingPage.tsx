import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { DomainItem } from '@fbo/shared';
import { DOMAIN_CONNECTED, SETTINGS_LIMITS, SETTINGS_MSG, isValidHost, normaliseHost } from '@fbo/shared/domain/agency-settings';
import { MSG } from '@fbo/shared/domain/messages';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { passes } from '../components/rules';
import { SettingsPage } from '../components/SettingsPage';
import { useWrite } from '../../../hooks/useWrite';
import { SETTINGS_WRITE } from '../hooks/settings-write';
import { domainsQuery, settingsApi, settingsKeys } from '../settings.api';

/** Spec part 2 section 9: domains show month/day/year. */
const DATE_FORMAT = 'MM/DD/YYYY';

function ConnectionTag({ status }: { status: number }) {
  return status === DOMAIN_CONNECTED ? <Tag color="success">Connected</Tag> : <Tag>Not connected</Tag>;
}

/** The record to create, with the app's target from the server (APP_DOMAIN_TARGET). */
function DnsHelp({ target }: { target: string | undefined }) {
  return (
    <Alert
      className="settings-help settings-dns-record"
      type="info"
      showIcon
      title="How to connect a domain"
      description={
        <>
          At your DNS provider, create a <strong>CNAME</strong> record for the host (for example <code>shop.example.com</code>) pointing to{' '}
          <code>{target ?? '…'}</code>. A root domain (<code>example.com</code>) cannot hold a CNAME: give it an <strong>A</strong> record with the
          address of <code>{target ?? '…'}</code> instead. DNS changes can take a while to spread; then press Check connection.
        </>
      }
    />
  );
}

function AddDomainDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ host: string }>();
  const queryClient = useQueryClient();
  const { run, busy } = useWrite(SETTINGS_WRITE);

  async function onFinish({ host }: { host: string }) {
    // A refusal (host taken) keeps the dialog and what was typed.
    if (!(await run(() => settingsApi.addDomain(normaliseHost(host))))) return;
    await queryClient.invalidateQueries({ queryKey: settingsKeys.domains });
    form.resetFields();
    onClose();
  }

  return (
    <Modal
      title="Add new domain"
      open={open}
      onCancel={onClose}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} name="add-domain" layout="vertical" onFinish={onFinish} preserve={false}>
        <Form.Item
          label="Host"
          name="host"
          rules={[
            { required: true, whitespace: true, message: SETTINGS_MSG.inputHost },
            { max: SETTINGS_LIMITS.host, message: SETTINGS_MSG.invalidHost },
            passes((value) => value === '' || isValidHost(normaliseHost(value)), SETTINGS_MSG.invalidHost),
          ]}
        >
          <Input placeholder="shop.example.com" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function DomainSettingPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery(domainsQuery());
  const [adding, setAdding] = useState(false);
  // The row whose call is running: its button spins, the others stay usable.
  const [pendingId, setPendingId] = useState<string | null>(null);
  const { run } = useWrite(SETTINGS_WRITE);

  async function act(id: string, call: () => Promise<unknown>) {
    setPendingId(id);
    try {
      await call();
      await queryClient.invalidateQueries({ queryKey: settingsKeys.domains });
    } finally {
      setPendingId(null);
    }
  }

  const check = (domain: DomainItem) =>
    act(domain.id, () =>
      run(
        () => settingsApi.checkDomain(domain.id),
        (answer) => void (answer.data.connectStatus === DOMAIN_CONNECTED ? message.success(answer.message) : message.warning(answer.message)),
      ),
    );

  const confirmDelete = (domain: DomainItem) =>
    modal.confirm({
      title: SETTINGS_MSG.confirmDelete,
      content: domain.host,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => act(domain.id, () => run(() => settingsApi.deleteDomain(domain.id))),
      onCancel: () => void message.info(SETTINGS_MSG.cancelAction),
    });

  const columns: TableColumnsType<DomainItem> = [
    { title: 'Host', dataIndex: 'host' },
    { title: 'State', dataIndex: 'connectStatus', render: (status: number) => <ConnectionTag status={status} /> },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      render: (value: string) => <time dateTime={value}>{dayjs(value).format(DATE_FORMAT)}</time>,
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, domain) => (
        <Space wrap>
          <Button size="small" loading={pendingId === domain.id} onClick={() => void check(domain)}>
            Check connection
          </Button>
          <Button size="small" danger disabled={pendingId === domain.id} onClick={() => confirmDelete(domain)} aria-label={`Delete ${domain.host}`}>
            Delete
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <SettingsPage
      route="ag-settings-domain"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add new domain
        </Button>
      }
    >
      <DnsHelp target={query.data?.target} />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} className="settings-help" /> : null}
      <ScrollRegion label="Domains">
        <Table<DomainItem> rowKey="id" columns={columns} dataSource={query.data?.data ?? []} loading={query.isFetching} pagination={false} />
      </ScrollRegion>
      <AddDomainDialog open={adding} onClose={() => setAdding(false)} />
    </SettingsPage>
  );
}
