import { App } from 'antd';
import type { StoreItem } from '@fbo/shared';
import { storesApi } from '../stores.api';
import { useStoreWrite } from './useStoreWrite';

/** Disconnect and Delete, each asked first; a refused delete (the store has orders: 409) shows the server's message. */
export function useStoreActions(onDeleted: () => void) {
  const { modal, message } = App.useApp();
  const { run } = useStoreWrite();
  const cancelled = () => void message.info('Cancel action!');

  const disconnect = (store: StoreItem) =>
    modal.confirm({
      title: `Disconnect ${store.name}?`,
      content: 'Nothing more is pulled from this store or pushed to it. Its products, mappings and orders stay.',
      okText: 'Disconnect',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => run(() => storesApi.disconnect(store.id)),
      onCancel: cancelled,
    });

  const remove = (store: StoreItem) =>
    modal.confirm({
      title: `Delete ${store.name}?`,
      content: 'The store goes for good. A store that has orders can only be disconnected.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: async () => {
        if ((await run(() => storesApi.remove(store.id))) !== null) onDeleted();
      },
      onCancel: cancelled,
    });

  return { disconnect, remove };
}
