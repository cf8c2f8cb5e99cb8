/**
 * The GraphQL documents the adapter sends (Admin API, SHOPIFY_API_VERSION). Each is named: the
 * local fake dispatches on the operation name, and Shopify's logs show it. Nested connections are
 * kept small so a page stays under the 1000-point single-query limit: a product costs about 61
 * points (50 variants, 10 media), an order about 56 (50 lines, 5 shipping lines), so pages of at
 * most 15 of either. An order with more than 50 lines is read in part (not met in POD orders).
 */

export const SHOP_INFO = /* GraphQL */ `
  query ShopInfo {
    shop {
      name
      currencyCode
      myshopifyDomain
      plan { publicDisplayName partnerDevelopment shopifyPlus }
    }
  }
`;

/** How many products the shop has (Shopify counts exactly up to 10,000 by default, then answers AT_LEAST). */
export const COUNT_PRODUCTS = /* GraphQL */ `
  query CountProducts {
    productsCount(limit: null) { count precision }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  fragment ProductFields on Product {
    id
    legacyResourceId
    handle
    title
    descriptionHtml
    productType
    status
    updatedAt
    options { name optionValues { name } }
    media(first: 10) { nodes { ... on MediaImage { image { url } } } }
    variants(first: 50) {
      nodes {
        id
        legacyResourceId
        sku
        title
        price
        selectedOptions { name value }
        image { url }
      }
      pageInfo { hasNextPage }
    }
  }
`;

export const LIST_PRODUCTS = /* GraphQL */ `
  ${PRODUCT_FIELDS}
  query ListProducts($first: Int!, $after: String) {
    products(first: $first, after: $after, sortKey: ID) {
      nodes { ...ProductFields }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const GET_PRODUCT = /* GraphQL */ `
  ${PRODUCT_FIELDS}
  query GetProduct($id: ID!) {
    product(id: $id) { ...ProductFields }
  }
`;

const ORDER_FIELDS = /* GraphQL */ `
  fragment OrderFields on Order {
    id
    legacyResourceId
    name
    createdAt
    updatedAt
    cancelledAt
    displayFinancialStatus
    currencyCode
    email
    totalPriceSet { shopMoney { amount currencyCode } }
    subtotalPriceSet { shopMoney { amount currencyCode } }
    totalShippingPriceSet { shopMoney { amount currencyCode } }
    totalTaxSet { shopMoney { amount currencyCode } }
    totalDiscountsSet { shopMoney { amount currencyCode } }
    shippingLines(first: 5) { nodes { title code } }
    shippingAddress { name address1 address2 city provinceCode zip countryCodeV2 phone }
    lineItems(first: 50) {
      nodes {
        id
        sku
        title
        quantity
        variant { id }
        product { id }
        originalUnitPriceSet { shopMoney { amount currencyCode } }
        customAttributes { key value }
      }
    }
  }
`;

export const LIST_ORDERS = /* GraphQL */ `
  ${ORDER_FIELDS}
  query ListOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      nodes { ...OrderFields }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

export const GET_ORDER = /* GraphQL */ `
  ${ORDER_FIELDS}
  query GetOrder($id: ID!) {
    order(id: $id) { ...OrderFields }
  }
`;

export const ORDER_FULFILLMENT_ORDERS = /* GraphQL */ `
  query OrderFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          lineItems(first: 50) {
            nodes { id totalQuantity remainingQuantity lineItem { id sku } }
          }
        }
      }
    }
  }
`;

export const FULFILLMENT_CREATE = /* GraphQL */ `
  mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status trackingInfo { number company url } }
      userErrors { field message }
    }
  }
`;

export const FULFILLMENT_CANCEL = /* GraphQL */ `
  mutation FulfillmentCancel($id: ID!) {
    fulfillmentCancel(id: $id) {
      fulfillment { id status }
      userErrors { field message }
    }
  }
`;

export const FULFILLMENT_STATUS = /* GraphQL */ `
  query FulfillmentStatus($id: ID!) {
    fulfillment(id: $id) { id status }
  }
`;

export const WEBHOOK_SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription { id topic uri }
      userErrors { field message }
    }
  }
`;

export const LIST_WEBHOOKS = /* GraphQL */ `
  query ListWebhooks($first: Int!, $after: String) {
    webhookSubscriptions(first: $first, after: $after) {
      nodes { id topic uri }
      pageInfo { hasNextPage endCursor }
    }
  }
`;

// Publishing (docs/publishing.md). productCreate with productOptions (2024-04+) makes the product with one
// standalone variant; productVariantsBulkCreate with REMOVE_STANDALONE_VARIANT replaces it by ours.
// https://shopify.dev/docs/api/admin-graphql/latest/mutations/productCreate
export const PRODUCT_CREATE = /* GraphQL */ `
  mutation ProductCreate($product: ProductCreateInput!, $media: [CreateMediaInput!]) {
    productCreate(product: $product, media: $media) {
      product { id }
      userErrors { field message }
    }
  }
`;

// https://shopify.dev/docs/api/admin-graphql/latest/mutations/productVariantsBulkCreate
export const PRODUCT_VARIANTS_BULK_CREATE = /* GraphQL */ `
  mutation ProductVariantsBulkCreate($productId: ID!, $variants: [ProductVariantsBulkInput!]!, $strategy: ProductVariantsBulkCreateStrategy) {
    productVariantsBulkCreate(productId: $productId, variants: $variants, strategy: $strategy) {
      productVariants { id sku }
      userErrors { field message }
    }
  }
`;

// https://shopify.dev/docs/api/admin-graphql/latest/mutations/productVariantsBulkUpdate
export const PRODUCT_VARIANTS_BULK_UPDATE = /* GraphQL */ `
  mutation ProductVariantsBulkUpdate($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants { id price inventoryPolicy }
      userErrors { field message }
    }
  }
`;

// Inventory push (docs/stores.md "Inventory push"). The shop's primary location: `location` without an id
// https://shopify.dev/docs/api/admin-graphql/2025-10/queries/location
export const PRIMARY_LOCATION = /* GraphQL */ `
  query PrimaryLocation {
    location { id }
  }
`;

/** Each variant's inventory item and whether it is tracked (about 3 points a variant). */
export const VARIANT_INVENTORY_ITEMS = /* GraphQL */ `
  query VariantInventoryItems($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        legacyResourceId
        inventoryPolicy
        product { id }
        inventoryItem { id tracked }
      }
    }
  }
`;

// Absolute quantities, compare-and-set skipped (this system is the source of truth for a warehouse product's stock):
// https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/inventorySetQuantities
export const INVENTORY_SET_QUANTITIES = /* GraphQL */ `
  mutation InventorySetQuantities($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) {
      inventoryAdjustmentGroup { id }
      userErrors { field message code }
    }
  }
`;
