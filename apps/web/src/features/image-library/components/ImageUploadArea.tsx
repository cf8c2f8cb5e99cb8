import { InboxOutlined } from '@ant-design/icons';
import { App, Upload, type UploadProps } from 'antd';
import { IMAGE_ACCEPT } from '@fbo/shared/domain/images';
import { failureMessage } from '../../../api/http';
import { uploadImage, validateImage } from '../../../components/upload/upload-image';
import { addToLibrary } from '../image-library.api';

/**
 * Drop or pick several images: each is checked here with the spec's messages, uploaded straight
 * to storage with its own progress bar, then added to the library.
 */
export function ImageUploadArea({ onAdded }: { onAdded: () => void }) {
  const { message } = App.useApp();

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = validateImage(file);
    if (!problem) return true;
    void message.error(problem);
    // Refused files do not even appear in the progress list.
    return Upload.LIST_IGNORE;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadImage(file as File, (percent) => onProgress?.({ percent }))
      .then(async (uploaded) => {
        await addToLibrary(uploaded.fileId);
        onSuccess?.(uploaded);
        onAdded();
      })
      .catch((error: unknown) => {
        const text = failureMessage(error) ?? 'Upload failed';
        void message.error(text);
        onError?.(new Error(text));
      });
  };

  return (
    <Upload.Dragger
      multiple
      accept={IMAGE_ACCEPT}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      aria-label="Upload images"
      className="image-upload-area"
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined aria-hidden />
      </p>
      <p className="ant-upload-text">Click or drag images to this area to upload</p>
      <p className="ant-upload-hint">PNG, JPG, JPEG or WEBP, up to 70 MB each</p>
    </Upload.Dragger>
  );
}
