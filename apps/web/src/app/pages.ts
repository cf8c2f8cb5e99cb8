/**
 * Which page each route of the shared route table renders, and inside which layout.
 * `Record<RouteName, ...>` makes the build fail when a route is added without a page.
 * Pages are imported by path, not through their feature's index, so each is its own chunk:
 * the sign-in page must not download the tables and the shell.
 */
import type { ComponentType } from 'react';
import type { RouteName } from '@fbo/shared';

export type LayoutKind = 'auth' | 'shell' | 'bare';

export interface PageDef {
  layout: LayoutKind;
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: Record<RouteName, PageDef> = {
  login: { layout: 'auth', load: () => import('../features/auth/pages/LoginPage') },
  register: { layout: 'auth', load: () => import('../features/auth/pages/RegisterPage') },
  'forgot-password': { layout: 'auth', load: () => import('../features/auth/pages/ForgotPasswordPage') },
  'reset-password': { layout: 'auth', load: () => import('../features/auth/pages/ResetPasswordPage') },
  'sign-in-welcome': { layout: 'auth', load: () => import('../features/auth/pages/SignInWelcomePage') },
  'sign-in-require': { layout: 'auth', load: () => import('../features/auth/pages/SignInRequirePage') },
  'active-success': { layout: 'auth', load: () => import('../features/auth/pages/ActiveSuccessPage') },
  'subcribe-success': { layout: 'auth', load: () => import('../features/auth/pages/SubscribeSuccessPage') },
  error: { layout: 'auth', load: () => import('../features/system/pages/ErrorPage') },
  'public-product': { layout: 'bare', load: () => import('../features/public-product/pages/PublicProductPage') },
  'no-access': { layout: 'shell', load: () => import('../features/system/pages/NoAccessPage') },
  profile: { layout: 'shell', load: () => import('../features/profile/pages/ProfilePage') },
  'a-catalogs': { layout: 'shell', load: () => import('../features/catalogs/pages/SellerCatalogPage') },
  'a-supplier-catalog': { layout: 'shell', load: () => import('../features/catalogs/pages/SupplierCatalogPage') },
  'ag-catalogs': { layout: 'shell', load: () => import('../features/catalogs/pages/ProductCatalogPage') },
  'ag-orders': { layout: 'shell', load: () => import('../features/orders/pages/AgencyOrdersPage') },
  'ds-orders': { layout: 'shell', load: () => import('../features/orders/pages/RequestedDesignsPage') },
  's-orders': { layout: 'shell', load: () => import('../features/orders/pages/SellerOrdersPage') },
  'ag-users': { layout: 'shell', load: () => import('../features/users/pages/UsersRedirectPage') },
  'ag-users-list': { layout: 'shell', load: () => import('../features/users/pages/AgencyUsersPage') },
  's-users': { layout: 'shell', load: () => import('../features/users/pages/SellerUsersPage') },
  'ag-proxy-groups': { layout: 'shell', load: () => import('../features/proxies/pages/ProxyGroupsPage') },
  'ag-settings': { layout: 'shell', load: () => import('../features/settings/pages/SettingsRedirectPage') },
  'ag-settings-board': { layout: 'shell', load: () => import('../features/settings/pages/SettingsBoardPage') },
  'ag-settings-domain': { layout: 'shell', load: () => import('../features/settings/pages/DomainSettingPage') },
  'ag-settings-payment': { layout: 'shell', load: () => import('../features/settings/pages/PaymentSettingPage') },
  'ag-settings-shipping': { layout: 'shell', load: () => import('../features/settings/pages/ShippingSettingPage') },
  'ag-settings-landing-page': { layout: 'shell', load: () => import('../features/settings/pages/LandingPageSettingPage') },
  'ag-settings-template-file': { layout: 'shell', load: () => import('../features/settings/pages/TemplateFileSettingPage') },
  'ag-settings-others': { layout: 'shell', load: () => import('../features/settings/pages/OthersSettingPage') },
  'ag-settings-theme': { layout: 'shell', load: () => import('../features/settings/pages/ThemeSettingPage') },
  'ag-settings-email': { layout: 'shell', load: () => import('../features/settings/pages/EmailSettingPage') },
  'ag-settings-email-customize': { layout: 'shell', load: () => import('../features/settings/pages/EmailCustomizePage') },
  'ag-email-history': { layout: 'shell', load: () => import('../features/email-history/pages/EmailHistoryPage') },
  'ag-image-library': { layout: 'shell', load: () => import('../features/image-library/pages/AgencyImageLibraryPage') },
  's-image-library': { layout: 'shell', load: () => import('../features/image-library/pages/SellerImageLibraryPage') },
  'a-catalogs-create': { layout: 'shell', load: () => import('../features/catalogs/pages/AdminCatalogCreatePage') },
  'a-catalogs-create-dropship': { layout: 'shell', load: () => import('../features/catalogs/pages/AdminCatalogCreateDropshipPage') },
  'a-catalogs-update': { layout: 'shell', load: () => import('../features/catalogs/pages/AdminCatalogUpdatePage') },
  'a-catalogs-detail': { layout: 'shell', load: () => import('../features/catalogs/pages/AdminCatalogDetailPage') },
  'a-catalogs-detail-drop': { layout: 'shell', load: () => import('../features/catalogs/pages/AdminCatalogDetailDropPage') },
  'ag-catalogs-create': { layout: 'shell', load: () => import('../features/catalogs/pages/AgencyCatalogCreatePage') },
  'ag-catalogs-create-dropship': { layout: 'shell', load: () => import('../features/catalogs/pages/AgencyCatalogCreateDropshipPage') },
  's-catalogs': { layout: 'shell', load: () => import('../features/catalogs/pages/SellerCatalogsPage') },
  's-catalogs-detail': { layout: 'shell', load: () => import('../features/catalogs/pages/SellerCatalogDetailPage') },
  'a-category-catalog': { layout: 'shell', load: () => import('../features/categories/pages/AdminCategoryCatalogPage') },
  'ag-category-catalog': { layout: 'shell', load: () => import('../features/categories/pages/AgencyCategoryCatalogPage') },
  'a-agencies': { layout: 'shell', load: () => import('../features/agencies/pages/AgenciesPage') },
  'a-agency-detail': { layout: 'shell', load: () => import('../features/agencies/pages/AgencyDetailPage') },
  'a-base-cost': { layout: 'shell', load: () => import('../features/basecosts/pages/AdminBaseCostPage') },
  'a-base-cost-create': { layout: 'shell', load: () => import('../features/basecosts/pages/AdminBaseCostCreatePage') },
  'a-base-cost-update': { layout: 'shell', load: () => import('../features/basecosts/pages/AdminBaseCostUpdatePage') },
  'ag-base-cost': { layout: 'shell', load: () => import('../features/basecosts/pages/AgencyBaseCostPage') },
  'ag-base-cost-group-create': { layout: 'shell', load: () => import('../features/basecosts/pages/AgencyGroupCostCreatePage') },
  'ag-base-cost-group-update': { layout: 'shell', load: () => import('../features/basecosts/pages/AgencyGroupCostUpdatePage') },
  'ag-base-cost-catalogs': { layout: 'shell', load: () => import('../features/basecosts/pages/AgencyCatalogCostsPage') },
  'ag-base-cost-catalog-cost': { layout: 'shell', load: () => import('../features/basecosts/pages/AgencyCatalogCostPage') },
  'ag-sellers': { layout: 'shell', load: () => import('../features/sellers/pages/SellersPage') },
  'ag-seller-detail': { layout: 'shell', load: () => import('../features/sellers/pages/SellerDetailPage') },
  'ag-deposits': { layout: 'shell', load: () => import('../features/deposits/pages/DepositsPage') },
  'ag-invoices': { layout: 'shell', load: () => import('../features/invoices/pages/AgencyInvoicesPage') },
  'ag-invoice-detail': { layout: 'shell', load: () => import('../features/invoices/pages/AgencyInvoiceDetailPage') },
  'ag-payouts': { layout: 'shell', load: () => import('../features/payouts/pages/AgencyPayoutsPage') },
  'ag-referrals': { layout: 'shell', load: () => import('../features/referrals/pages/AgencyReferralsPage') },
  's-invoices': { layout: 'shell', load: () => import('../features/invoices/pages/SellerInvoicesPage') },
  's-invoice-detail': { layout: 'shell', load: () => import('../features/invoices/pages/SellerInvoiceDetailPage') },
  's-balance': { layout: 'shell', load: () => import('../features/balance/pages/BalancePage') },
  's-payouts': { layout: 'shell', load: () => import('../features/payouts/pages/SellerPayoutsPage') },
  's-profit-detail': { layout: 'shell', load: () => import('../features/profits/pages/ProfitDetailPage') },
  's-estimated-profit': { layout: 'shell', load: () => import('../features/profits/pages/EstimatedProfitPage') },
  's-referrals': { layout: 'shell', load: () => import('../features/referrals/pages/SellerReferralsPage') },
};
