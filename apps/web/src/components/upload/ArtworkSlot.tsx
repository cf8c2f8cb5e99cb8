import { useState } from 'react';
import { App, Button, Input, Space, Upload } from 'antd';
import { CloseOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { failureMessage } from '../../api/http';
import { uploadImage } from './upload-image';
import './artwork-slot.css';

/** What a form (Form.Item gives id, value and onChange) or a controlled screen passes to an artwork slot. */
export interface ArtworkSlotProps {
  /** The slot's name as a screen reader reads it, e.g. 'Artwork 1' or 'Artwork 1 of TEE-WHI-S'. */
  label: string;
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  /** Shows the artwork beside the field, the upload button says Replace once the slot holds one, and a Clear button empties it. */
  preview?: boolean;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * One artwork slot: an address typed in, or an image uploaded to storage through the image library's
 * presigned upload (components/upload/upload-image.ts), whose address then fills the field. Used by the
 * design service's upload dialog and the mapping screens.
 */
export function ArtworkSlot({ label, id, value, onChange, disabled, preview }: ArtworkSlotProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const filled = !!value && value.trim() !== '';
  const uploadLabel = `${preview && filled ? 'Replace' : 'Upload'} ${lowerFirst(label)}`;
  const field = (
    <Space.Compact style={{ width: '100%' }}>
      <Input id={id} aria-label={label} placeholder="https://… or upload" value={value ?? ''} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} />
      <Upload
        showUploadList={false}
        accept=".png,.jpg,.jpeg,.webp"
        disabled={disabled}
        beforeUpload={(file) => {
          setUploading(true);
          uploadImage(file)
            .then((image) => onChange?.(image.url))
            .catch((err: unknown) => void message.error(failureMessage(err) ?? 'Upload failed'))
            .finally(() => setUploading(false));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} disabled={disabled} aria-label={uploadLabel} title={preview ? uploadLabel : undefined} />
      </Upload>
      {preview && filled && !disabled ? (
        <Button icon={<CloseOutlined />} aria-label={`Clear ${lowerFirst(label)}`} title={`Clear ${lowerFirst(label)}`} onClick={() => onChange?.('')} />
      ) : null}
    </Space.Compact>
  );
  if (!preview) return field;
  return (
    <div className="artwork-slot">
      <ArtworkThumb src={filled ? value!.trim() : null} label={label} />
      {field}
    </div>
  );
}

/** An artwork as a small square, or an empty square when the slot holds none. */
export function ArtworkThumb({ src, label, size = 40 }: { src: string | null; label: string; size?: number }) {
  if (!src) {
    return (
      <span className="artwork-thumb artwork-thumb-empty" style={{ width: size, height: size }} role="img" aria-label={`${label}: empty`}>
        <PictureOutlined aria-hidden />
      </span>
    );
  }
  return <img className="artwork-thumb" src={src} alt={label} width={size} height={size} loading="lazy" />;
}
