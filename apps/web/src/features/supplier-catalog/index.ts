export { SupplierCatalogListPage } from './pages/SupplierCatalogListPage';
