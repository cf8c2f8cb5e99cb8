import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Input, Space, Table, theme } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { MyReferrals } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { MSG } from '@fbo/shared/domain/messages';
import { PAYOUT_MSG } from '@fbo/shared/domain/payouts-extra';
import { DateTime } from '../../../components/DateTime';
import { PageHeader } from '../../../components/PageHeader';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { copyText } from '../components/copy-text';
import { myReferralsQuery } from '../referrals.api';

/** Without PUBLIC_URL the server gives a path: the link people share needs this site's address. */
const absolute = (link: string) => (link.startsWith('/') ? `${window.location.origin}${link}` : link);

type Row = MyReferrals['data'][number];

/** /s/referrals: the team's referral code and link, its rate, the teams it referred and its earnings. */
export default function SellerReferralsPage() {
  const { message } = App.useApp();
  const query = useQuery(myReferralsQuery());
  const data = query.data;
  // antd's label grey is too light for text on the label background (axe colour contrast).
  const { token } = theme.useToken();

  async function copy(text: string) {
    if (await copyText(text)) void message.success(PAYOUT_MSG.copied);
    else void message.error(MSG.serverError);
  }

  return (
    <>
      <PageHeader title="Referrals" />
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} style={{ marginBottom: 16 }} /> : null}
      <Card loading={query.isLoading} style={{ marginBottom: 16 }}>
        {data ? (
          <Descriptions column={1} bordered size="small" styles={{ label: { color: token.colorText, width: 160 } }}>
            <Descriptions.Item label="Referral code">
              <Space>
                <strong>{data.referralCode}</strong>
                <Button size="small" icon={<CopyOutlined />} aria-label="Copy referral code" onClick={() => void copy(data.referralCode)} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Referral link">
              <Space.Compact style={{ width: '100%', maxWidth: 560 }}>
                <Input readOnly value={absolute(data.referralLink)} aria-label="Referral link" />
                <Button icon={<CopyOutlined />} aria-label="Copy referral link" onClick={() => void copy(absolute(data.referralLink))}>
                  Copy
                </Button>
              </Space.Compact>
            </Descriptions.Item>
            <Descriptions.Item label="Ref rate">{`${data.rate}% of every approved top-up of the teams you refer`}</Descriptions.Item>
            <Descriptions.Item label="Total earned">{formatUsd(data.totalEarned)}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card title="Referred teams">
        <ScrollRegion label="Referred teams">
          <Table<Row>
            rowKey={(row) => row.team.code}
            loading={query.isFetching}
            dataSource={data?.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No referred teams yet" /> }}
            columns={[
              { title: 'Team', key: 'name', render: (_, row) => row.team.name },
              { title: 'Code', key: 'code', render: (_, row) => row.team.code },
              { title: 'Joined', dataIndex: 'joinedAt', render: (v: string) => <DateTime value={v} /> },
              { title: 'Earned', dataIndex: 'earned', align: 'right', render: (v: number) => formatUsd(v) },
            ]}
          />
        </ScrollRegion>
      </Card>
    </>
  );
}
