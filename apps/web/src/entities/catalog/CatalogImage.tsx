import { Image } from 'antd';

/** 48 px thumbnail that opens a preview. */
export function CatalogImage({ src, name }: { src: string | null; name: string }) {
  if (!src) return <span aria-label="No image">—</span>;
  return <Image src={src} alt={name} width={48} height={48} style={{ objectFit: 'cover' }} preview />;
}
