import { useState } from 'react';
import { Empty, Image } from 'antd';

/** One main image and the others as thumbnails that choose it; every image opens the preview. */
export function CatalogGallery({ images, name }: { images: string[]; name: string }) {
  const [current, setCurrent] = useState(0);
  if (images.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No images" />;
  const main = images[Math.min(current, images.length - 1)]!;
  return (
    <div className="catalog-gallery">
      <Image.PreviewGroup items={images}>
        <Image src={main} alt={name} width={320} height={320} style={{ objectFit: 'contain' }} />
      </Image.PreviewGroup>
      {images.length > 1 ? (
        <div className="catalog-gallery-thumbs">
          {images.map((src, index) => (
            <button
              key={src}
              type="button"
              className={index === current ? 'catalog-thumb catalog-thumb-active' : 'catalog-thumb'}
              aria-label={`Show image ${index + 1}`}
              aria-pressed={index === current}
              onClick={() => setCurrent(index)}
            >
              <img src={src} alt="" width={56} height={56} />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
