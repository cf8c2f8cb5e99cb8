import { useRef, useState } from 'react';
import { Carousel } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';

const THUMBNAILS = 4;

/** One main slide and four thumbnails beneath (spec part 1 section 9); a thumbnail shows its image. */
export function ProductGallery({ images, title }: { images: string[]; title: string }) {
  const carousel = useRef<CarouselRef>(null);
  const [current, setCurrent] = useState(0);
  const [thumbStart, setThumbStart] = useState(0);
  if (!images.length) return null;

  function show(index: number) {
    carousel.current?.goTo(index);
    setCurrent(index);
  }

  const visibleThumbs = images.slice(thumbStart, thumbStart + THUMBNAILS);
  return (
    <div className="product-gallery">
      <Carousel
        ref={carousel}
        slidesToShow={1}
        dots={false}
        infinite={false}
        afterChange={(index) => {
          setCurrent(index);
          // Keep the active thumbnail in view.
          if (index < thumbStart || index >= thumbStart + THUMBNAILS) setThumbStart(Math.max(0, index - THUMBNAILS + 1));
        }}
      >
        {images.map((src, index) => (
          <div key={`${src}-${index}`}>
            <img
              className="product-image"
              src={src}
              alt={`${title}, image ${index + 1} of ${images.length}`}
              width={992}
              height={992}
              loading={index === 0 ? 'eager' : 'lazy'}
            />
          </div>
        ))}
      </Carousel>
      {images.length > 1 ? (
        <div className="product-thumbs">
          <button
            type="button"
            className="product-thumb-nav"
            aria-label="Previous images"
            disabled={thumbStart === 0}
            onClick={() => setThumbStart(Math.max(0, thumbStart - THUMBNAILS))}
          >
            ‹
          </button>
          {visibleThumbs.map((src, offset) => {
            const index = thumbStart + offset;
            return (
              <button
                key={`${src}-${index}`}
                type="button"
                className={index === current ? 'product-thumb product-thumb-active' : 'product-thumb'}
                aria-label={`Show image ${index + 1}`}
                aria-pressed={index === current}
                onClick={() => show(index)}
              >
                <img src={src} alt="" width={120} height={120} loading="lazy" />
              </button>
            );
          })}
          <button
            type="button"
            className="product-thumb-nav"
            aria-label="Next images"
            disabled={thumbStart + THUMBNAILS >= images.length}
            onClick={() => setThumbStart(Math.min(images.length - 1, thumbStart + THUMBNAILS))}
          >
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}
