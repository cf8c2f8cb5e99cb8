import type { Actor, CatalogListQuery } from '@fbo/shared';
import type { AppContext } from '../../context';
import { listAnswer } from '../../lib/list';
import { listCatalogs } from './catalogs.repo';

export async function catalogList(ctx: AppContext, actor: Actor, q: CatalogListQuery) {
  const { rows, count } = await listCatalogs(ctx.db, actor, q);
  return listAnswer(
    rows.map(({ c, variantCount }) => ({
      id: c.id,
      name: c.name,
      productCode: c.productCode,
      type: c.type,
      dropship: c.dropship,
      isTrademark: c.isTrademark,
      publishStatus: c.publishStatus,
      active: c.active,
      image: c.mockupGallery[0] ?? null,
      sizeCount: c.sizes.length,
      colorCount: c.colors.length,
      variantCount: Number(variantCount),
      createdAt: c.createdAt.toISOString(),
    })),
    count,
    q,
  );
}
