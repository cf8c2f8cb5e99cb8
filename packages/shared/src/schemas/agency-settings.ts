import { z } from 'zod';
import { LIMITS } from '../domain/limits';
import { MSG } from '../domain/messages';
import {
  type AgencySettings,
  type AgencySettingsPatch,
  SETTINGS_LIMITS as L,
  SETTINGS_MSG,
  cleanShippingExclusions,
  isCountryCode,
  isEditorDomain,
  isHttpUrl,
  isValidHost,
  normaliseHost,
} from '../domain/agency-settings';
import { dateTime } from './common';
import { THEME_LIMITS, THEME_MSG, isHexColor, isThemeImage, themeConfig } from './agency-config';
import { isTemplateFileLink } from '../domain/theme';

/** Answers: the stored settings, whole (defaults filled). Plain types: responses are encoded, not transformed. */
export const agencySettings = z.object({
  customerEmail: z.string(),
  contactEmail: z.string(),
  payment: z.object({ exchangeRate: z.number(), topupContent: z.string() }),
  agencyShippingStatus: z.boolean(),
  shippingExcludeCode: z.array(z.object({ countryCode: z.string(), provinceCode: z.array(z.string()) })),
  editorDomain: z.string(),
  contact: z.object({ shippingTitle: z.string() }),
  autoApproveOrders: z.boolean(),
  defaultDesignCost: z.number(),
  productionDays: z.number().int(),
  warehouseShortage: z.enum(['hold', 'refuse']),
  packingSlipBrand: z.enum(['seller', 'neutral', 'agency']),
});

// The zod-free shape in domain/agency-settings.ts must stay the schema's type.
const _sameShape: AgencySettings extends z.infer<typeof agencySettings> ? (z.infer<typeof agencySettings> extends AgencySettings ? true : never) : never = true;
void _sameShape;

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(LIMITS.email.max, MSG.correctEmailAddress)
  .refine((v) => v === '' || z.email().safeParse(v).success, MSG.correctEmailAddress);

const exclusionRows = z
  .array(
    z.object({
      countryCode: z.string().max(10).nullish(),
      // A list, or the comma-separated text the Shipping page's field holds.
      provinceCode: z.union([z.string().max(5000), z.array(z.string().max(100)).max(1000)]).nullish(),
    }),
  )
  .max(L.shippingRows)
  .transform(cleanShippingExclusions)
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      if (!isCountryCode(row.countryCode)) {
        ctx.addIssue({ code: 'custom', path: [i, 'countryCode'], message: SETTINGS_MSG.invalidCountry(row.countryCode) });
      }
      if (row.provinceCode.length > L.provincesPerRow) {
        ctx.addIssue({ code: 'custom', path: [i, 'provinceCode'], message: SETTINGS_MSG.tooManyProvinces });
      } else if (row.provinceCode.some((p) => p.length > L.provinceCode)) {
        ctx.addIssue({ code: 'custom', path: [i, 'provinceCode'], message: SETTINGS_MSG.provinceLength });
      }
    });
  });

/** Every field optional; unknown keys refused, so nothing unchecked is stored. */
export const agencySettingsPatch = z
  .strictObject({
    customerEmail: optionalEmail,
    contactEmail: optionalEmail,
    payment: z
      .strictObject({
        exchangeRate: z
          .number(SETTINGS_MSG.exchangeRate)
          .gt(0, SETTINGS_MSG.exchangeRate)
          .max(L.exchangeRateMax, SETTINGS_MSG.exchangeRate),
        topupContent: z.string().max(L.topupContent, SETTINGS_MSG.topupContent),
      })
      .partial(),
    agencyShippingStatus: z.boolean(),
    shippingExcludeCode: exclusionRows,
    editorDomain: z.string().trim().max(L.url, SETTINGS_MSG.invalidEditorDomain).refine(isEditorDomain, SETTINGS_MSG.invalidEditorDomain),
    contact: z.strictObject({ shippingTitle: z.string().trim().max(L.shippingTitle, SETTINGS_MSG.shippingTitle) }).partial(),
    autoApproveOrders: z.boolean(),
    defaultDesignCost: z
      .number(SETTINGS_MSG.designCost)
      .min(0, SETTINGS_MSG.designCost)
      .max(L.designCostMax, SETTINGS_MSG.designCost)
      .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), SETTINGS_MSG.designCost),
    productionDays: z
      .number(SETTINGS_MSG.productionDays)
      .int(SETTINGS_MSG.productionDays)
      .min(L.productionDaysMin, SETTINGS_MSG.productionDays)
      .max(L.productionDaysMax, SETTINGS_MSG.productionDays),
    warehouseShortage: z.enum(['hold', 'refuse']),
    packingSlipBrand: z.enum(['seller', 'neutral', 'agency']),
  })
  .partial();

const _patchShape: z.infer<typeof agencySettingsPatch> extends AgencySettingsPatch ? true : never = true;
void _patchShape;

export const updateSettingsBody = z.object({ settings: agencySettingsPatch });
export const updateSettingsResponse = z.object({ message: z.string(), data: agencySettings });

export const agencyInfoResponse = z.object({
  data: z.object({ id: z.string(), name: z.string(), code: z.string(), settings: agencySettings, config: themeConfig }),
});

const templateFileLink = z.string().trim().max(L.url, SETTINGS_MSG.invalidUrl).refine((v) => isTemplateFileLink(v, isHttpUrl), SETTINGS_MSG.invalidUrl);

const themeColor = z.string().trim().refine(isHexColor, THEME_MSG.invalidColor).transform((v) => v.toLowerCase());
const themeImage = z.string().trim().refine(isThemeImage, THEME_MSG.invalidImage);

/** PATCH /agencies/config: any subset of the theme keys and of the template-file links. */
export const updateConfigBody = z.object({
  config: z
    .strictObject({
      white: themeColor,
      black: themeColor,
      primary: themeColor,
      success: themeColor,
      warning: themeColor,
      danger: themeColor,
      error: themeColor,
      info: themeColor,
      logo: themeImage,
      faviconImg: themeImage,
      title: z.string().trim().min(THEME_LIMITS.titleMin, THEME_MSG.title).max(THEME_LIMITS.titleMax, THEME_MSG.title),
      templateFile: z
        .strictObject({
          importOrderFilePath: templateFileLink,
          importTrackingFilePath: templateFileLink,
          dataCatalogFile: templateFileLink,
          importFileToCancel: templateFileLink,
          importFileToHold: templateFileLink,
          importSupplierCode: templateFileLink,
        })
        .partial(),
    })
    .partial(),
});
/** PATCH and reset answer the whole stored config. */
export const updateConfigResponse = z.object({ message: z.string(), data: themeConfig });
export type UpdateConfigBody = z.infer<typeof updateConfigBody>;
export type AgencyInfo = z.infer<typeof agencyInfoResponse>['data'];

/** What a seller's top-up shows: its agency's rate and instructions. */
export const paymentSettingsResponse = z.object({ exchangeRate: z.number(), topupContent: z.string() });

export const domainItem = z.object({
  id: z.string(),
  host: z.string(),
  /** 1 connected, otherwise not connected. */
  connectStatus: z.number().int(),
  createdAt: dateTime,
  /** When the DNS check last ran; null before the first check. */
  checkedAt: dateTime.nullable(),
});
export type DomainItem = z.infer<typeof domainItem>;

/** `target`: where the domains' DNS records must point (the Domain page explains the record). */
export const domainListResponse = z.object({ data: z.array(domainItem), target: z.string() });
export type DomainListResponse = z.infer<typeof domainListResponse>;
export const domainAnswer = z.object({ message: z.string(), data: domainItem });

export const createDomainBody = z.object({
  host: z
    .string(SETTINGS_MSG.inputHost)
    .max(L.host + 10, SETTINGS_MSG.invalidHost)
    .transform(normaliseHost)
    .refine((v) => v !== '', SETTINGS_MSG.inputHost)
    .refine((v) => v === '' || isValidHost(v), SETTINGS_MSG.invalidHost),
});
