import { Link } from 'react-router';
import { Switch, Table, type TableColumnsType } from 'antd';
import { routePath, type MappingCatalog, type MappingVariant } from '@fbo/shared';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import { ARTWORK_KEYS, draftStatus, variantName, variantOptionsText, type Artworks, type VariantDraft } from '../mapping-draft';
import { ArtworkCell } from './ArtworkFields';
import { CatalogVariantSelect } from './CatalogVariantSelect';
import { MappingStatusTag } from '../../../entities/product';
import { DuplicatedSkuTag, IgnoredTag } from './MappingTags';

interface Row {
  id: string;
  variant: MappingVariant;
  draft: VariantDraft;
}

/**
 * A product's variants with their mapping being edited: image, SKU (duplicated ones flagged), options, the
 * catalog variant, six artworks, Ignore, and the status the row would be saved with.
 */
export function VariantMappingTable({ variants, drafts, catalog, readOnly, onChange }: {
  variants: MappingVariant[];
  drafts: VariantDraft[];
  catalog: MappingCatalog | null;
  readOnly: boolean;
  onChange: (id: string, change: Partial<VariantDraft>) => void;
}) {
  const byId = new Map(drafts.map((d) => [d.id, d]));
  const rows: Row[] = variants.flatMap((v) => {
    const draft = byId.get(v.id);
    return draft ? [{ id: v.id, variant: v, draft }] : [];
  });
  const columns: TableColumnsType<Row> = [
    { title: 'Image', key: 'image', width: 64, render: (_, { variant }) => <ArtworkThumb size={40} src={variant.image} label={`${variantName(variant)} image`} /> },
    {
      title: 'SKU',
      key: 'sku',
      width: 200,
      render: (_, { variant }) => (
        <div className="mapping-sku">
          <Link to={routePath('s-mapping', { id: variant.id })}>{variant.sku || 'No SKU'}</Link>
          {variant.duplicateSku ? <DuplicatedSkuTag /> : null}
        </div>
      ),
    },
    { title: 'Options', key: 'options', width: 150, render: (_, { variant }) => variantOptionsText(variant) },
    {
      title: 'Catalog variant',
      key: 'catalogVariant',
      width: 280,
      render: (_, { variant, draft }) => (
        <CatalogVariantSelect
          label={`Catalog variant of ${variantName(variant)}`}
          catalog={catalog}
          mapped={variant.catalogVariant}
          value={draft.catalogVariantId}
          disabled={readOnly || draft.ignored}
          onChange={(catalogVariantId) => onChange(variant.id, { catalogVariantId })}
        />
      ),
    },
    {
      title: 'Artwork',
      key: 'artwork',
      width: 260,
      render: (_, { variant, draft }) => (
        <ArtworkCell
          name={variantName(variant)}
          values={Object.fromEntries(ARTWORK_KEYS.map((k) => [k, draft[k]])) as Artworks}
          disabled={readOnly}
          onChange={(artworks) => onChange(variant.id, artworks)}
        />
      ),
    },
    {
      title: 'Ignore',
      key: 'ignored',
      width: 80,
      render: (_, { variant, draft }) => (
        <Switch aria-label={`Ignore ${variantName(variant)}`} checked={draft.ignored} disabled={readOnly} onChange={(ignored) => onChange(variant.id, { ignored })} />
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 190,
      render: (_, { draft }) => (draft.ignored ? <IgnoredTag /> : <MappingStatusTag status={draftStatus(draft)} />),
    },
  ];
  return (
    <ScrollRegion label="Variants">
      <Table<Row> className="mapping-variants" rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} locale={{ emptyText: 'This product has no variants' }} />
    </ScrollRegion>
  );
}
