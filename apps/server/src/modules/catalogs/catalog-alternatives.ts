/**
 * A catalog variant's alternative (docs/publishing.md "Alternative variants"): the variant of the same catalog that
 * published products are switched to while this one is out of stock or discontinued. The editor names it by code (a
 * new variant has no id yet), so it is resolved here after the variants are saved, against all of the catalog's
 * variants: an unknown code, the variant itself or a discontinued one is a 400 on `variants.N.alternativeVariantCode`
 * (thrown inside the save's transaction, so nothing of the save stays).
 */
import { CATALOG_MSG as M, type CatalogVariantInput } from '@fbo/shared';
import type { Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import * as repo from './catalogs.repo';

export interface AlternativeChange {
  code: string;
  alternative: string | null;
}

/**
 * Writes the alternatives the saved list names and answers what changed. Left out (undefined), an existing variant
 * keeps its alternative unless that one was removed by this save (then it is cleared: the column has no foreign
 * key); a new variant has none.
 */
export async function saveAlternatives(tx: Tx, catalogId: string, inputs: CatalogVariantInput[]): Promise<AlternativeChange[]> {
  const all = await repo.allVariants(tx, catalogId);
  const byCode = new Map(all.map((v) => [v.catalogVariantCode.toLowerCase(), v]));
  const byId = new Map(all.map((v) => [v.id, v]));
  const errors: Record<string, string> = {};
  const wanted = new Map<string, string | null>();
  inputs.forEach((input, i) => {
    const own = byCode.get(input.catalogVariantCode.toLowerCase());
    if (!own) return;
    const named = input.alternativeVariantCode;
    if (named === undefined) {
      const kept = own.alternativeVariantId ? byId.get(own.alternativeVariantId) : undefined;
      wanted.set(own.id, kept && !kept.archived ? kept.id : null);
      return;
    }
    if (named === null || named === '') return wanted.set(own.id, null);
    const field = `variants.${i}.alternativeVariantCode`;
    const target = byCode.get(named.toLowerCase());
    if (!target) errors[field] = M.alternativeUnknown(named);
    else if (target.id === own.id) errors[field] = M.alternativeSelf;
    else if (target.archived) errors[field] = M.alternativeArchived(target.catalogVariantCode);
    else wanted.set(own.id, target.id);
  });
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);

  const changes: AlternativeChange[] = [];
  for (const [id, alternativeId] of wanted) {
    const own = byId.get(id)!;
    if ((own.alternativeVariantId ?? null) === alternativeId) continue;
    await repo.setAlternative(tx, id, alternativeId);
    changes.push({ code: own.catalogVariantCode, alternative: alternativeId ? byId.get(alternativeId)!.catalogVariantCode : null });
  }
  return changes;
}

/** The code each variant's alternative has, for the answers (an alternative no longer live reads as none). */
export function alternativeCodes(variants: repo.VariantRow[]): Map<string, string | null> {
  const live = new Map(variants.map((v) => [v.id, v.catalogVariantCode]));
  return new Map(variants.map((v) => [v.id, v.alternativeVariantId ? (live.get(v.alternativeVariantId) ?? null) : null]));
}
