import { useState } from 'react';
import { useWrite } from '../../../hooks/useWrite';
import { warehouseOrderKeys, warehouseOrdersApi } from '../warehouse-orders.api';

/**
 * "Pack" (the queue's quick action, and the detail's): not confirmed, it is the queue's next step and nothing is lost
 * by it; the server refuses (409) an order no longer to pick. `packing` names the fulfilment being packed.
 */
export function usePackAction() {
  const { run } = useWrite({ refresh: [warehouseOrderKeys.all] });
  const [packing, setPacking] = useState<string | null>(null);
  async function pack(id: string) {
    setPacking(id);
    try {
      await run(() => warehouseOrdersApi.pack(id));
    } finally {
      setPacking(null);
    }
  }
  return { pack, packing };
}
