import { useState } from 'react';
import { Button, Card, Image, Space, Table, Tag } from 'antd';
import { can } from '@fbo/shared';
import type { OrderDetail, OrderDetailItem } from '@fbo/shared/schemas/order-detail';
import { orderStatusLabel, usd } from '../../../entities/order';
import { useSession } from '../../../entities/session';
import { MapVariantLink } from '../../mapping';
import { ItemsDialog } from './ItemsDialog';
import './items-card.css';

/** The lines: artwork thumbnails (click to preview; else the catalog's mockup), SKU, variant, quantity, price, base cost snapshot. */
export function ItemsCard({ order }: { order: OrderDetail }) {
  const [editing, setEditing] = useState(false);
  const { actor } = useSession();
  // Mapping is the seller's (products.manage): the agency sees the tag without the link.
  const mayMap = can(actor, 'products.manage');
  return (
    <Card title={`Items (${order.items.length})`} extra={order.can.edit ? <Button size="small" onClick={() => setEditing(true)}>Edit items</Button> : null}>
      <Table<OrderDetailItem>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.items}
        columns={[
          {
            title: 'Artwork',
            key: 'artwork',
            width: 112,
            render: (_, item) =>
              // A broken artwork link stays visible as broken (production must see it), never masked by the mockup.
              item.artworks.length ? (
                <Image.PreviewGroup>
                  <Space size={4} wrap>
                    {item.artworks.map((a) => (
                      <Image key={a.slot} src={a.url} width={40} height={40} style={{ objectFit: 'cover' }} alt={`Artwork ${a.slot} of ${item.sku}`} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : item.mockup ? (
                // No artwork of its own (a dropship item): the catalog's mockup stands in, labelled as such.
                <Image src={item.mockup} width={40} height={40} style={{ objectFit: 'cover' }} alt={`Catalog mockup of ${item.sku}`} />
              ) : (
                'No artwork'
              ),
          },
          { title: 'SKU', dataIndex: 'sku', key: 'sku' },
          {
            title: 'Variant',
            key: 'variant',
            render: (_, item) => (
              <>
                <div>{item.title || item.catalogName || '—'}</div>
                <div>{[item.color, item.size].filter(Boolean).join(' / ')}</div>
                {item.needsMapping ? (
                  // A store variant not mapped yet: map it, then "Apply mapping to open orders" on its product resolves the line.
                  <Space size={4}>
                    <Tag color="warning">Needs mapping</Tag>
                    {mayMap && item.productVariantId ? <MapVariantLink variantId={item.productVariantId} name={item.title || item.sku} /> : null}
                  </Space>
                ) : item.catalogVariantCode ? (
                  <div>{item.catalogVariantCode}</div>
                ) : (
                  <Tag color="error">Not in a catalog</Tag>
                )}
                {item.properties.length ? (
                  // The buyer's input for a personalized product: the artwork is made from it.
                  <dl className="item-buyer-input" aria-label={`Buyer's input for ${item.sku}`}>
                    {item.properties.map((p) => (
                      <div key={p.key}>
                        <dt>{p.key}</dt>
                        <dd>{p.value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </>
            ),
          },
          { title: 'Qty', dataIndex: 'quantity', key: 'quantity', align: 'right' },
          { title: 'Price', dataIndex: 'price', key: 'price', align: 'right', render: (v: number) => usd(v) },
          { title: 'Base cost', dataIndex: 'baseCost', key: 'baseCost', align: 'right', render: (v: number | null) => usd(v) },
          { title: 'Status', dataIndex: 'status', key: 'status', render: (v: string) => <Tag>{orderStatusLabel(v)}</Tag> },
        ]}
      />
      {editing ? <ItemsDialog order={order} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}
