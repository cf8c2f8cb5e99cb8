import { ImageLibraryPage } from '../components/ImageLibraryPage';

/** /ag/image-library: the agency's own images. */
export default function AgencyImageLibraryPage() {
  return <ImageLibraryPage />;
}
