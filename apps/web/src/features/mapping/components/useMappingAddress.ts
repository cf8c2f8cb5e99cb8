import { useParams, useSearchParams } from 'react-router';
import { App } from 'antd';
import { can } from '@fbo/shared';
import { useSession } from '../../../entities/session';
import { isUuid } from '../mapping-draft';
import { useConfirmCatalogChange } from './useMappingWrite';

/**
 * What both mapping pages read from their address and session: the id in the path (product or variant), the
 * catalog asked for in `?catalogId=` (ignored unless a UUID), whether the user may save (products.manage), and
 * the toast and catalog-change confirmation they share.
 */
export function useMappingAddress() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { message } = App.useApp();
  const { actor } = useSession();
  const catalogParam = params.get('catalogId') ?? '';
  return {
    id,
    valid: isUuid(id),
    params,
    setParams,
    message,
    readOnly: !can(actor, 'products.manage'),
    catalogId: isUuid(catalogParam) ? catalogParam : undefined,
    confirmCatalogChange: useConfirmCatalogChange(),
  };
}
