import { Empty, Image } from 'antd';

/** The mockup and the other mockups, each with its alt text; a click opens the preview. */
export function ProductGallery({ title, mockup, others }: { title: string; mockup: string | null; others: readonly string[] }) {
  const images = [mockup, ...others].filter((src): src is string => !!src);
  if (images.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No images" />;
  return (
    <div className="product-gallery" role="list" aria-label="Images">
      <Image.PreviewGroup>
        {images.map((src, index) => (
          <div role="listitem" key={`${src}-${index}`}>
            <Image src={src} alt={index === 0 ? title : `${title}, image ${index + 1}`} width={index === 0 ? 200 : 96} height={index === 0 ? 200 : 96} style={{ objectFit: 'cover' }} />
          </div>
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
