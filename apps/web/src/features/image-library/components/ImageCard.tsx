import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Image, Typography } from 'antd';
import type { LibraryImage } from '@fbo/shared';
import { formatFileSize } from '@fbo/shared/domain/images';

interface Props {
  image: LibraryImage;
  onCopy: (image: LibraryImage) => void;
  onDelete: (image: LibraryImage) => void;
}

/** One library image: a previewable thumbnail, its name and size, copy and delete. */
export function ImageCard({ image, onCopy, onDelete }: Props) {
  return (
    <Card
      size="small"
      className="image-card"
      cover={<Image src={image.url} alt={image.name} height={160} className="image-card-thumb" />}
      actions={[
        <Button key="copy" type="link" size="small" icon={<CopyOutlined aria-hidden />} onClick={() => onCopy(image)}>
          Copy link
        </Button>,
        <Button key="delete" type="link" size="small" danger icon={<DeleteOutlined aria-hidden />} onClick={() => onDelete(image)}>
          Delete
        </Button>,
      ]}
    >
      <Typography.Text className="image-card-name" ellipsis={{ tooltip: image.name }}>
        {image.name}
      </Typography.Text>
      <div className="image-card-size">{formatFileSize(image.size)}</div>
    </Card>
  );
}
