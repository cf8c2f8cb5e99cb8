import { ImageLibraryPage } from '../components/ImageLibraryPage';

/** /s/image-library: the seller team's images. */
export default function SellerImageLibraryPage() {
  return <ImageLibraryPage />;
}
