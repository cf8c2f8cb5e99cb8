import { App } from 'antd';
import { useWrite, type WriteOptions } from '../../../hooks/useWrite';
import { productKeys } from '../../products';
import { mappingKeys } from '../mapping.api';

/** A mapping write with its toast (the server's 'Mapped', or its message on a refusal); mapping and product queries refresh after. */
export function useMappingWrite<T>(replace?: WriteOptions<T>['replace']) {
  return useWrite<T>({ refresh: [mappingKeys.all, productKeys.all], keepOnRefusal: true, fieldErrors: 'message', replace });
}

/** 'Change the catalog?' before a catalog change that clears the mappings made in the product's catalog. */
export function useConfirmCatalogChange() {
  const { modal } = App.useApp();
  return (fromName: string, onOk: () => void) =>
    modal.confirm({
      title: 'Change the catalog?',
      content: `The variants mapped to ${fromName} lose their catalog variant when you save (their artwork and Ignore stay).`,
      okText: 'Change catalog',
      cancelText: 'Cancel',
      onOk,
    });
}
