import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Image, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { CatalogDetail, JobAnswer } from '@fbo/shared';
import { PUBLISH_LIMITS, PUBLISH_MSG } from '@fbo/shared/schemas/publishing';
import { routePath } from '@fbo/shared/routes';
import { failureMessage } from '../../api/http';
import { JobProgress, jobDialogFooter, jobOutcome } from '../../components/JobProgress';
import { ArtworkSlot } from '../../components/upload/ArtworkSlot';
import { LibraryPicker } from './LibraryPicker';
import { costFloorCents, dollarsToCents, money, sellable, suggestedPrice, type CatalogVariantRow } from './publish-draft';
import { publishStoresQuery, publishingApi, publishingKeys } from './publishing.api';

const ARTWORK_KEYS = ['artwork1', 'artwork2', 'artwork3', 'artwork4', 'artwork5', 'artwork6'] as const;
const PLATFORM_NAMES: Record<string, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce', etsy: 'Etsy', manual: 'Manual' };
const nameOf = (v: CatalogVariantRow) => [v.color, v.size].filter(Boolean).join(' / ') || v.catalogVariantCode;

interface Values {
  storeId?: string;
  title: string;
  description: string;
}

/**
 * "Publish to store" (docs/publishing.md): the catalog made a product of one of the team's stores, with the seller's
 * title, description, picked variants at its retail prices (base cost and shipping beside each, a warning below it),
 * artwork per design slot, and the catalog's mockups. The server's job does the work; its progress follows here and
 * ends with a link to the new product.
 */
export function PublishDialog({ catalog, onClose }: { catalog: CatalogDetail; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const storesQuery = useQuery(publishStoresQuery());
  const offered = useMemo(() => catalog.variants.filter(sellable), [catalog.variants]);
  const [picked, setPicked] = useState<Set<string>>(() => new Set(offered.map((v) => v.id)));
  const [prices, setPrices] = useState<Record<string, number | null>>(() => Object.fromEntries(offered.map((v) => [v.id, suggestedPrice(v)])));
  const [allPrice, setAllPrice] = useState<number | null>(null);
  const [artwork, setArtwork] = useState<Record<string, string>>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [finished, setFinished] = useState<{ ok: boolean; productId: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [variantsError, setVariantsError] = useState<string | null>(null);
  const designs = catalog.designs.slice(0, ARTWORK_KEYS.length);

  async function publish(values: Values) {
    const variants = offered.filter((v) => picked.has(v.id)).map((v) => ({ catalogVariantId: v.id, priceCents: dollarsToCents(prices[v.id]) ?? 0 }));
    if (variants.length === 0) return setVariantsError(PUBLISH_MSG.variantsRequired);
    if (variants.some((v) => v.priceCents < PUBLISH_LIMITS.minPriceCents || v.priceCents > PUBLISH_LIMITS.maxPriceCents)) return setVariantsError(PUBLISH_MSG.priceRange);
    setVariantsError(null);
    setBusy(true);
    try {
      const answer = await publishingApi.publish({
        storeId: values.storeId!, catalogId: catalog.id, title: values.title, description: values.description ?? '', variants,
        artwork: Object.fromEntries(ARTWORK_KEYS.map((k) => [k, artwork[k]?.trim() || null])),
      });
      if (!answer.ok) {
        void message.error(answer.body.message ?? 'Could not publish');
        const errors = answer.body.errors ?? {};
        form.setFields((['storeId', 'title', 'description'] as const).filter((k) => errors[k]).map((k) => ({ name: k, errors: [errors[k]!] })));
        if (errors['variants']) setVariantsError(errors['variants']);
        return;
      }
      setJobId(answer.body.jobId);
    } catch (err) {
      void message.error(failureMessage(err) ?? 'Could not publish');
    } finally {
      setBusy(false);
    }
  }

  function ended(job: JobAnswer) {
    const { ok, text } = jobOutcome(job);
    const productId = typeof job.result?.productId === 'string' ? job.result.productId : null;
    setFinished({ ok, productId });
    if (ok) void message.success(text || PUBLISH_MSG.done);
    else void message.error(text || 'The product could not be published');
    void queryClient.invalidateQueries({ queryKey: publishingKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
  }

  const toggle = (id: string, on: boolean) => setPicked((now) => {
    const next = new Set(now);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

  const columns = [
    {
      title: <Checkbox aria-label="Publish every variant" checked={picked.size === offered.length} indeterminate={picked.size > 0 && picked.size < offered.length}
        onChange={(e) => setPicked(e.target.checked ? new Set(offered.map((v) => v.id)) : new Set())} />,
      key: 'pick', width: 48,
      render: (_: unknown, v: CatalogVariantRow) => <Checkbox aria-label={`Publish ${nameOf(v)}`} checked={picked.has(v.id)} onChange={(e) => toggle(v.id, e.target.checked)} />,
    },
    { title: 'Color', dataIndex: 'color', key: 'color' },
    { title: 'Size', dataIndex: 'size', key: 'size' },
    { title: 'Base cost + shipping', key: 'cost', render: (_: unknown, v: CatalogVariantRow) => money(costFloorCents(v)) },
    {
      title: 'Retail price ($)', key: 'price',
      render: (_: unknown, v: CatalogVariantRow) => {
        const cents = dollarsToCents(prices[v.id]);
        const floor = costFloorCents(v);
        const below = cents !== null && floor !== null && cents < floor;
        return (
          <Space orientation="vertical" size={0}>
            <InputNumber aria-label={`Retail price of ${nameOf(v)}`} min={1} max={100_000} step={1} precision={2} value={prices[v.id]}
              onChange={(value) => setPrices((now) => ({ ...now, [v.id]: value }))} status={below ? 'warning' : undefined} />
            {below ? <Typography.Text type="warning">{PUBLISH_MSG.priceBelowCost}</Typography.Text> : null}
          </Space>
        );
      },
    },
  ];

  const footer = finished?.ok && finished.productId
    ? [<Button key="close" onClick={onClose}>Close</Button>, <Link key="open" to={routePath('s-product-detail', { id: finished.productId })}><Button type="primary">Open the product</Button></Link>]
    : jobDialogFooter({ jobId, finished: !!finished, busy }, onClose, { label: 'Publish', onClick: () => form.submit() });

  return (
    <Modal open width={900} title={`Publish ${catalog.name} to a store`} onCancel={onClose} footer={footer} maskClosable={!jobId || !!finished}>
      {jobId ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <JobProgress jobId={jobId} onFinished={ended} />
          {finished?.ok && finished.productId ? <Link to={routePath('s-product-detail', { id: finished.productId })}>Open the published product</Link> : null}
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={publish} initialValues={{ title: catalog.name.slice(0, PUBLISH_LIMITS.title), description: plainText(catalog.description) }}>
          <Form.Item name="storeId" label="Store" rules={[{ required: true, message: PUBLISH_MSG.storeRequired }]}>
            <Select loading={storesQuery.isLoading} placeholder="Pick a store"
              options={(storesQuery.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${PLATFORM_NAMES[s.platform] ?? s.platform})` }))} />
          </Form.Item>
          <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: PUBLISH_MSG.titleRequired }, { max: PUBLISH_LIMITS.title, message: PUBLISH_MSG.titleLength }]}>
            <Input maxLength={PUBLISH_LIMITS.title} />
          </Form.Item>
          <Form.Item name="description" label="Description" rules={[{ max: PUBLISH_LIMITS.description, message: PUBLISH_MSG.descriptionLength }]}>
            <Input.TextArea rows={4} maxLength={PUBLISH_LIMITS.description} showCount />
          </Form.Item>
          <Space wrap style={{ marginBottom: 8 }}>
            <InputNumber aria-label="Retail price for every variant" placeholder="Price for all" min={1} max={100_000} precision={2} value={allPrice} onChange={setAllPrice} style={{ width: 140 }} />
            <Button disabled={allPrice === null} onClick={() => setPrices(Object.fromEntries(offered.map((v) => [v.id, allPrice])))}>Set all</Button>
          </Space>
          {variantsError ? <Alert type="error" showIcon title={variantsError} style={{ marginBottom: 8 }} /> : null}
          <Table size="small" rowKey="id" pagination={false} scroll={{ y: 280 }} dataSource={offered} columns={columns} aria-label="Variants to publish" />
          {designs.length ? (
            <fieldset style={{ marginTop: 16, border: 0, padding: 0 }}>
              <legend>Artwork</legend>
              {designs.map((d, i) => (
                <Space key={d.name} align="start" style={{ display: 'flex', marginBottom: 8 }}>
                  <div style={{ flex: 1 }}>
                    <ArtworkSlot label={`Artwork for ${d.name}`} value={artwork[ARTWORK_KEYS[i]!] ?? ''} preview
                      onChange={(value) => setArtwork((now) => ({ ...now, [ARTWORK_KEYS[i]!]: value }))} />
                  </div>
                  <LibraryPicker label={`Artwork for ${d.name}`} onPick={(url) => setArtwork((now) => ({ ...now, [ARTWORK_KEYS[i]!]: url }))} />
                </Space>
              ))}
            </fieldset>
          ) : null}
          {catalog.mockupGallery.length ? (
            <section aria-label="Mockups" style={{ marginTop: 16 }}>
              <Typography.Text strong>Mockups sent to the store</Typography.Text>
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
                {catalog.mockupGallery.slice(0, 10).map((src, i) => <Image key={src} src={src} width={72} height={72} alt={`Mockup ${i + 1}`} />)}
              </div>
            </section>
          ) : null}
        </Form>
      )}
    </Modal>
  );
}

/** The catalog's description is HTML: the dialog's plain textarea starts from its text. */
function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim().slice(0, PUBLISH_LIMITS.description);
}

/** The header's button: opens the dialog for the loaded catalog. */
export function PublishButton({ catalog }: { catalog: CatalogDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>Publish to store</Button>
      {open ? <PublishDialog catalog={catalog} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
