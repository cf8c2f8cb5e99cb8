import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { App, Image, Upload, type UploadFile, type UploadProps } from 'antd';
import { failureMessage } from '../../../api/http';
import { uploadImage, validateImage } from '../../../components/upload/upload-image';

interface Props {
  /** Form.Item passes the id of its label's `for`, and the stored address. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** The uploader's title, e.g. 'Upload Logo'. */
  title: string;
}

const UPLOAD_FAILED = 'Upload failed';

function fileOf(url: string): UploadFile {
  return { uid: url, name: url.split('/').pop() || url, status: 'done', url };
}

/**
 * One image (logo, favicon) as a form value: the stored address. Picks, validates and uploads a
 * file (presigned upload, with progress), shows a preview, and removes it (value '').
 */
export function ImageUploadField({ id, value = '', onChange, title }: Props) {
  const { message } = App.useApp();
  // The file being uploaded, while it is; otherwise the list shows the stored value.
  const [pending, setPending] = useState<UploadFile | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const fileList = pending ? [pending] : value ? [fileOf(value)] : [];

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const invalid = validateImage(file);
    if (!invalid) return true;
    void message.error(invalid);
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const picked = file as File & { uid: string };
    setPending({ uid: picked.uid, name: picked.name, status: 'uploading', percent: 0 });
    uploadImage(picked, (percent) => setPending((p) => (p ? { ...p, percent } : p)))
      .then((uploaded) => {
        setPending(null);
        onChange?.(uploaded.url);
      })
      .catch((error: unknown) => {
        setPending(null);
        void message.error(failureMessage(error) ?? UPLOAD_FAILED);
      });
  };

  return (
    <>
      <Upload
        id={id}
        accept="image/png,image/jpeg,image/webp"
        listType="picture-card"
        maxCount={1}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onPreview={() => setPreviewOpen(true)}
        onRemove={() => {
          onChange?.('');
          return true;
        }}
      >
        {fileList.length === 0 && (
          // Not a <button>: antd's trigger around it is already one (role="button").
          <div className="theme-upload-trigger">
            <PlusOutlined aria-hidden />
            <div>Upload</div>
          </div>
        )}
      </Upload>
      {value && (
        <Image
          alt={title}
          src={value}
          style={{ display: 'none' }}
          preview={{ open: previewOpen, onOpenChange: (open) => setPreviewOpen(open), src: value }}
        />
      )}
    </>
  );
}
