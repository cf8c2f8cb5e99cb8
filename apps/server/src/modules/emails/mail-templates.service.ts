import { and, asc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { EMAIL_MSG, type Actor, type MailTemplateUpdateBody } from '@fbo/shared';
import type { AppContext } from '../../context';
import { mailTemplates } from '../../db/schema/index';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { DEFAULT_TEMPLATES, DEFAULT_TEMPLATE_LIST } from '../../mail/templates';
import { writeAudit } from '../audit';

/**
 * What a template body may keep: the editor's formatting (paragraphs, headings, emphasis, lists,
 * quotes, code, rules) and links; scripts, styles, event handlers and other schemes go.
 * `{{link}}` in an href has no scheme, so it survives as a relative address and is filled at send.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
};

export const sanitizeTemplateHtml = (html: string) => sanitizeHtml(html, SANITIZE);

/** Templates belong to the owner's agency; the permission only reaches agency owners. */
export function agencyOf(actor: Actor): string {
  if (!actor.agencyId) throw forbidden();
  return actor.agencyId;
}

const itemColumns = { id: mailTemplates.id, code: mailTemplates.code, name: mailTemplates.name, subject: mailTemplates.subject };

export async function listTemplates(ctx: AppContext, actor: Actor) {
  return ctx.db.select(itemColumns).from(mailTemplates).where(eq(mailTemplates.agencyId, agencyOf(actor))).orderBy(asc(mailTemplates.name));
}

export async function defaultTemplates(ctx: AppContext, actor: Actor) {
  const own = new Set((await listTemplates(ctx, actor)).map((t) => t.code));
  return DEFAULT_TEMPLATE_LIST.map((t) => ({ ...t, variables: [...t.variables], existed: own.has(t.code) }));
}

export async function getTemplate(ctx: AppContext, actor: Actor, id: string) {
  const [row] = await ctx.db
    .select({ ...itemColumns, html: mailTemplates.html })
    .from(mailTemplates)
    .where(and(eq(mailTemplates.id, id), eq(mailTemplates.agencyId, agencyOf(actor))));
  if (!row) throw notFound();
  return { ...row, variables: [...(DEFAULT_TEMPLATES[row.code]?.variables ?? [])] };
}

/** Copies a default into the agency; a code it already keeps is skipped (the unique index settles races). */
export async function addTemplate(ctx: AppContext, actor: Actor, code: string) {
  const agencyId = agencyOf(actor);
  const template = DEFAULT_TEMPLATES[code];
  if (!template) throw badRequest(EMAIL_MSG.unknownTemplate, { code: EMAIL_MSG.unknownTemplate });
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailTemplates)
      .values({ agencyId, code, name: template.name, subject: template.subject, html: template.html })
      .onConflictDoNothing()
      .returning(itemColumns);
    if (!row) return null;
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'mail_template', entityId: row.id, action: 'create', after: { code, subject: row.subject } });
    return row;
  });
}

export async function updateTemplate(ctx: AppContext, actor: Actor, id: string, body: MailTemplateUpdateBody) {
  const agencyId = agencyOf(actor);
  const html = sanitizeTemplateHtml(body.html).trim();
  if (!html) throw badRequest(EMAIL_MSG.inputBody, { html: EMAIL_MSG.inputBody });
  await ctx.db.transaction(async (tx) => {
    const where = and(eq(mailTemplates.id, id), eq(mailTemplates.agencyId, agencyId));
    const [before] = await tx.select().from(mailTemplates).where(where).for('update');
    if (!before) throw notFound();
    await tx.update(mailTemplates).set({ subject: body.subject, html, updatedAt: new Date() }).where(where);
    await writeAudit(tx, {
      actorId: actor.userId,
      agencyId,
      entity: 'mail_template',
      entityId: id,
      action: 'update',
      before: { subject: before.subject, html: before.html },
      after: { subject: body.subject, html },
    });
  });
}

/** Deleting the agency's copy sends the default again. */
export async function deleteTemplate(ctx: AppContext, actor: Actor, id: string) {
  const agencyId = agencyOf(actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(mailTemplates)
      .where(and(eq(mailTemplates.id, id), eq(mailTemplates.agencyId, agencyId)))
      .returning();
    if (!row) throw notFound();
    await writeAudit(tx, { actorId: actor.userId, agencyId, entity: 'mail_template', entityId: id, action: 'delete', before: { code: row.code, subject: row.subject, html: row.html } });
  });
}
