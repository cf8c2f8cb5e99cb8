import { PictureOutlined } from '@ant-design/icons';

/** A product's mockup as a small square; a product without one shows a placeholder icon. */
export function ProductThumb({ src, alt, size = 56 }: { src: string | null; alt: string; size?: number }) {
  if (!src) return <PictureOutlined className="product-thumb-empty" style={{ fontSize: size / 2 }} aria-label={`${alt}: no image`} role="img" />;
  return <img className="product-thumb" src={src} alt={alt} width={size} height={size} loading="lazy" />;
}
