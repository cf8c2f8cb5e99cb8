/** Product images copied from the shops' CDNs to our storage, 992 x 992 (docs/stores.md "Products"). */
export { COPY_PRODUCT_IMAGES, queueImageCopy, registerProductImageJobs, type ImageStorage } from './product-images';
