import { Tag, Typography } from 'antd';
import { CATALOG_TYPE_LABELS, type CatalogType } from '@fbo/shared/domain/catalog';
import { CatalogImage } from '../../../entities/catalog';

/** What both catalog tables of the agency detail show of a catalog. */
interface CatalogSummary {
  id: string;
  name: string;
  image: string | null;
  productCode: string;
  type: CatalogType;
  sizeCount: number;
  colorCount: number;
}

/**
 * The Image, Name (with size and colour counts), Product code and Type columns of the agency's
 * catalog card and of 'Product Catalog List'. `marked` strikes a name through (staged for removal).
 */
export function catalogSummaryColumns<T extends CatalogSummary>(marked?: (row: T) => boolean) {
  return {
    image: { title: 'Image', dataIndex: 'image', width: 72, render: (src: string | null, row: T) => <CatalogImage src={src} name={row.name} /> },
    name: {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, row: T) => (
        <>
          <div>
            {marked?.(row) ? (
              <>
                <Typography.Text delete>{name}</Typography.Text> <Tag color="error">To delete</Tag>
              </>
            ) : (
              name
            )}
          </div>
          <small>
            {row.sizeCount} sizes, {row.colorCount} colors
          </small>
        </>
      ),
    },
    code: { title: 'Product code', dataIndex: 'productCode' },
    type: { title: 'Type', dataIndex: 'type', width: 80, render: (t: CatalogType) => <Tag>{CATALOG_TYPE_LABELS[t]}</Tag> },
  };
}
