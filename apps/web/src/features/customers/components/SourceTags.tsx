import { Tag } from 'antd';
import type { CustomerItem } from '@fbo/shared';

/** Where a customer's orders came from: a tag per store, and "CSV / manual" for orders imported from files or made by hand. */
export function SourceTags({ sources }: { sources: CustomerItem['sources'] }) {
  if (sources.stores.length === 0 && !sources.files) return <>{'\u2014'}</>;
  return (
    <>
      {sources.stores.map((s) => (
        <Tag key={s.id} title={s.platform}>
          {s.name}
        </Tag>
      ))}
      {sources.files ? <Tag>CSV / manual</Tag> : null}
    </>
  );
}
