import { useState } from 'react';
import { Button, Modal } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { ArtworkSlot, ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import { ARTWORK_KEYS, EMPTY_ARTWORKS, cleanArtwork, type ArtworkKey, type Artworks } from '../mapping-draft';

const slotLabel = (i: number) => `Artwork ${i + 1}`;

/** The six artwork slots, each with its thumbnail, upload (or replace) and clear. */
export function ArtworkFields({ values, onChange, disabled, describe }: {
  values: Partial<Artworks>;
  onChange: (key: ArtworkKey, value: string) => void;
  disabled?: boolean;
  /** Added to each slot's accessible name, e.g. 'for every variant'. */
  describe?: string;
}) {
  return (
    <div className="mapping-artwork-fields">
      {ARTWORK_KEYS.map((key, i) => {
        const label = describe ? `${slotLabel(i)} ${describe}` : slotLabel(i);
        return (
          <div key={key} className="mapping-artwork-field">
            <span className="mapping-artwork-label" aria-hidden>
              {slotLabel(i)}
            </span>
            <ArtworkSlot label={label} value={values[key] ?? ''} onChange={(v) => onChange(key, v)} disabled={disabled} preview />
          </div>
        );
      })}
    </div>
  );
}

/**
 * A variant's six artworks in the table: their thumbnails, and (for whoever may save) a button that opens
 * the six slots in a dialog; Done puts them on the variant, Cancel leaves it as it was.
 */
export function ArtworkCell({ name, values, onChange, disabled }: {
  name: string;
  values: Artworks;
  onChange: (next: Artworks) => void;
  disabled?: boolean;
}) {
  const [editing, setEditing] = useState<Artworks | null>(null);
  const filled = ARTWORK_KEYS.filter((k) => cleanArtwork(values[k]) !== null).length;
  return (
    <div className="mapping-artwork-cell">
      <div className="mapping-artwork-thumbs">
        {ARTWORK_KEYS.map((key, i) => (
          <ArtworkThumb key={key} size={28} src={cleanArtwork(values[key])} label={`${slotLabel(i)} of ${name}`} />
        ))}
      </div>
      <span className="mapping-muted">{filled}/6</span>
      {disabled ? null : (
        <Button size="small" icon={<EditOutlined />} aria-label={`Artwork of ${name}`} onClick={() => setEditing({ ...EMPTY_ARTWORKS, ...values })}>
          Artwork
        </Button>
      )}
      {editing ? (
        <Modal
          open
          title={`Artwork of ${name}`}
          okText="Done"
          cancelText="Cancel"
          onOk={() => {
            onChange(editing);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
          destroyOnHidden
        >
          <ArtworkFields values={editing} onChange={(key, v) => setEditing((prev) => (prev ? { ...prev, [key]: v } : prev))} />
        </Modal>
      ) : null}
    </div>
  );
}
