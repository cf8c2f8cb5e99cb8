import { eq } from 'drizzle-orm';
import {
  type Actor,
  type AgencySettings,
  type AgencySettingsPatch,
  type ThemeConfig,
  type UpdateConfigBody,
  DEFAULT_AGENCY_SETTINGS,
  DEFAULT_THEME,
  THEME_LIMITS,
  SETTINGS_MSG,
  agencySettingsPatch,
  mergeSettings,
} from '@fbo/shared';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { agencies } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { writeAudit } from '../audit';
import { reflagOpenOrders } from '../orders';
import { withDefaults as themeWithDefaults } from '../agencies';

/**
 * Stored settings over the defaults. A stored key that no longer passes today's rules (older
 * rows, hand edits) falls back to its default rather than breaking every page that reads it.
 */
export function readSettings(stored: unknown): AgencySettings {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(agencySettingsPatch.shape)) {
    const parsed = field.safeParse(raw[key]);
    if (parsed.success) patch[key] = parsed.data;
  }
  return mergeSettings(DEFAULT_AGENCY_SETTINGS, patch as AgencySettingsPatch);
}

/** An agency's settings, read for work done on its behalf (a job, a store's order): defaults when it has none. */
export async function agencySettingsOf(db: Db | Tx, agencyId: string): Promise<AgencySettings> {
  const [row] = await db.select({ settings: agencies.settings }).from(agencies).where(eq(agencies.id, agencyId));
  return readSettings(row?.settings);
}

/** The actor's agency row; the scope is always the actor's, never an input. */
async function agencyRow(db: Db | Tx, actor: Actor, forUpdate = false) {
  if (!actor.agencyId) throw notFound();
  const query = db.select().from(agencies).where(eq(agencies.id, actor.agencyId));
  // Read-modify-write of a JSON column: concurrent saves of different pages must not undo each other.
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound();
  return row;
}

export async function info(ctx: AppContext, actor: Actor) {
  const row = await agencyRow(ctx.db, actor);
  return { id: row.id, name: row.name, code: row.code, settings: readSettings(row.settings), config: themeWithDefaults(row.config) };
}

export async function updateSettings(ctx: AppContext, actor: Actor, patch: AgencySettingsPatch) {
  const settings = await ctx.db.transaction(async (tx) => {
    const row = await agencyRow(tx, actor, true);
    const before = readSettings(row.settings);
    const after = mergeSettings(before, patch);
    await tx.update(agencies).set({ settings: after as unknown as Record<string, unknown>, updatedAt: new Date() }).where(eq(agencies.id, row.id));
    await writeAudit(tx, { actorId: actor.userId, agencyId: row.id, entity: 'agency', entityId: row.id, action: 'update_settings', before, after });
    // Orders to a destination the agency no longer ships to (or ships to again) change flag now.
    if (patch.shippingExcludeCode !== undefined || patch.agencyShippingStatus !== undefined) {
      await reflagOpenOrders(tx, row.id, after);
    }
    return after;
  });
  return { message: SETTINGS_MSG.updateSuccess, data: settings };
}

/** Saves a new config for the actor's agency (row locked: concurrent saves must not undo each other). */
async function changeConfig(
  ctx: AppContext,
  actor: Actor,
  action: string,
  change: (before: ThemeConfig, agencyName: string) => ThemeConfig,
): Promise<{ message: string; data: ThemeConfig }> {
  const config = await ctx.db.transaction(async (tx) => {
    const row = await agencyRow(tx, actor, true);
    const before = themeWithDefaults(row.config);
    const after = change(before, row.name);
    await tx.update(agencies).set({ config: after, updatedAt: new Date() }).where(eq(agencies.id, row.id));
    await writeAudit(tx, { actorId: actor.userId, agencyId: row.id, entity: 'agency', entityId: row.id, action, before, after });
    return after;
  });
  return { message: SETTINGS_MSG.updateSuccess, data: config };
}

/** Merges the given theme keys and template-file links over the stored config. */
export function updateConfig(ctx: AppContext, actor: Actor, body: UpdateConfigBody) {
  const { templateFile, ...theme } = body.config;
  return changeConfig(ctx, actor, 'update_config', (before) => ({
    ...before,
    ...theme,
    templateFile: { ...before.templateFile, ...templateFile },
  }));
}

/** Every theme key back to the defaults, the title to the agency's name; template files are kept. */
export function resetTheme(ctx: AppContext, actor: Actor) {
  return changeConfig(ctx, actor, 'reset_theme', (before, agencyName) => ({
    ...DEFAULT_THEME,
    title: agencyName.slice(0, THEME_LIMITS.titleMax),
    templateFile: before.templateFile,
  }));
}

/** A seller's top-up shows its own agency's rate and instructions. */
export async function paymentSettings(ctx: AppContext, actor: Actor) {
  const row = await agencyRow(ctx.db, actor);
  return readSettings(row.settings).payment;
}
