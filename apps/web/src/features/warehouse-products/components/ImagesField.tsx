import { useRef, useState } from 'react';
import { App, Button, Space, Upload } from 'antd';
import { CloseOutlined, UploadOutlined } from '@ant-design/icons';
import { WAREHOUSE_PRODUCT_LIMITS, WAREHOUSE_PRODUCT_MSG } from '@fbo/shared';
import { failureMessage } from '../../../api/http';
import { ArtworkThumb } from '../../../components/upload/ArtworkSlot';
import { uploadImage } from '../../../components/upload/upload-image';

interface Props {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/** The product's images (at most 8), uploaded through the presigned upload; the first is the one lists show. */
export function ImagesField({ id, value = [], onChange, disabled }: Props) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(0);
  const full = value.length >= WAREHOUSE_PRODUCT_LIMITS.images;
  // Several files upload at once: each adds to the latest list, not to the one of the render it started in.
  const current = useRef(value);
  current.current = value;

  return (
    <div id={id}>
      <Space wrap size={8} style={{ marginBottom: disabled ? 0 : 8 }}>
        {value.length === 0 ? <span>No images</span> : null}
        {value.map((src, i) => (
          <Space key={`${src}-${i}`} size={2} align="start">
            <ArtworkThumb src={src} label={`Image ${i + 1}${i === 0 ? ' (main)' : ''}`} size={64} />
            {disabled ? null : (
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={`Remove image ${i + 1}`}
                title={`Remove image ${i + 1}`}
                onClick={() => onChange?.(value.filter((_, j) => j !== i))}
              />
            )}
          </Space>
        ))}
      </Space>
      {disabled ? null : (
        <Upload
          showUploadList={false}
          multiple
          accept=".png,.jpg,.jpeg,.webp"
          disabled={full}
          beforeUpload={(file) => {
            if (current.current.length + uploading >= WAREHOUSE_PRODUCT_LIMITS.images) {
              void message.error(WAREHOUSE_PRODUCT_MSG.imagesMax);
              return false;
            }
            setUploading((n) => n + 1);
            uploadImage(file)
              .then((image) => {
                current.current = [...current.current, image.url];
                onChange?.(current.current);
              })
              .catch((err: unknown) => void message.error(failureMessage(err) ?? 'Upload failed'))
              .finally(() => setUploading((n) => n - 1));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading > 0} disabled={full}>
            Upload images
          </Button>
        </Upload>
      )}
    </div>
  );
}
