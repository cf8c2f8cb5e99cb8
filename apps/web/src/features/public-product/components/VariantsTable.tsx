import { Table } from 'antd';
import type { PublicProduct } from '@fbo/shared';
import { formatUsd } from '@fbo/shared/domain/money';
import { ScrollRegion } from '../../../components/ScrollRegion';

type Variant = PublicProduct['variants'][number] & { key: number };

export function VariantsTable({ variants }: { variants: PublicProduct['variants'] }) {
  const rows: Variant[] = variants.map((variant, key) => ({ ...variant, key }));
  const text = (value: string | null) => value ?? '—';
  return (
    <ScrollRegion label="Variants">
    <Table<Variant>
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { title: 'Option 1', dataIndex: 'option1', render: text },
        { title: 'Option 2', dataIndex: 'option2', render: text },
        { title: 'Option 3', dataIndex: 'option3', render: text },
        { title: 'Price', dataIndex: 'price', align: 'right', render: (value: number) => formatUsd(value) },
        {
          title: 'Ship US first item',
          dataIndex: 'shipUsFirst',
          align: 'right',
          // Null: the variant is not mapped to a catalog variant, or that variant has no price in the team's group.
          render: (value: number | null) => (value == null ? '—' : formatUsd(value)),
        },
      ]}
    />
    </ScrollRegion>
  );
}
