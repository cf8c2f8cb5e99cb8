import { useEffect, useRef, useState } from 'react';
import { App, Button, Image, Progress, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { CATALOG_LIMITS } from '@fbo/shared/domain/catalog';
import { IMAGE_ACCEPT } from '@fbo/shared/domain/images';
import { uploadImage, validateImage } from '../../../components/upload/upload-image';

interface Pending {
  uid: string;
  name: string;
  percent: number;
}

/**
 * The mockup gallery: several images uploaded through the presigned link, each with its progress;
 * the value is the list of image addresses, first one the list thumbnail.
 */
export function GalleryUpload({ id, value = [], onChange }: { id: string; value?: string[]; onChange?: (next: string[]) => void }) {
  const { message } = App.useApp();
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads finish in any order: each adds to the latest list, not the one it started with.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);

  const full = value.length + pending.length >= CATALOG_LIMITS.gallery;

  async function upload(file: File) {
    const invalid = validateImage(file);
    if (invalid) {
      void message.error(invalid);
      return;
    }
    const uid = `${file.name}-${Date.now()}-${Math.random()}`;
    setPending((list) => [...list, { uid, name: file.name, percent: 0 }]);
    try {
      const uploaded = await uploadImage(file, (percent) =>
        setPending((list) => list.map((p) => (p.uid === uid ? { ...p, percent } : p))),
      );
      const next = [...latest.current, uploaded.url];
      latest.current = next;
      onChange?.(next);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : 'Upload failed');
    } finally {
      setPending((list) => list.filter((p) => p.uid !== uid));
    }
  }

  return (
    <div className="catalog-gallery-upload">
      <div className="catalog-gallery-grid">
        {value.map((src, index) => (
          <figure key={src} className="catalog-gallery-item">
            <Image src={src} alt={`Mockup ${index + 1}`} width={96} height={96} style={{ objectFit: 'cover' }} />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Remove mockup ${index + 1}`}
              onClick={() => onChange?.(value.filter((v) => v !== src))}
            />
          </figure>
        ))}
        {pending.map((p) => (
          <div key={p.uid} className="catalog-gallery-item catalog-gallery-pending">
            <span className="catalog-gallery-name">{p.name}</span>
            <Progress percent={p.percent} size="small" aria-label={`Uploading ${p.name}`} />
          </div>
        ))}
      </div>
      <Upload
        id={id}
        accept={IMAGE_ACCEPT}
        multiple
        showUploadList={false}
        disabled={full}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={full}>
          Upload images
        </Button>
      </Upload>
      <div className="catalog-hint">png, jpg, jpeg or webp, up to 70 MB each; at most {CATALOG_LIMITS.gallery} images.</div>
    </div>
  );
}
