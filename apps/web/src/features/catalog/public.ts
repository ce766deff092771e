// What other features may use of the catalog; everything else in this folder is its own.
export { FilteredProductList } from './components/filtered-product-list.tsx';
export { InfiniteProductList } from './components/infinite-product-list.tsx';
export { PageHeading } from './components/page-heading.tsx';
