import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { LOGIN_THROTTLE, MSG, TOKEN_TTL } from '@fbo/shared';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/index';
import { badRequest, tooMany } from '../../lib/errors';
import { appLink } from '../../lib/public-links';
import { writeAudit } from '../audit';
import { linkAppToken } from '../stores';
import { agencyById, agencyForHost } from '../agencies';
import { agencyOwnerIds, notify } from '../notifications';
import { defaultBasecostId, insertSellerTeam, teamByReferralCode } from '../sellers';
import { consumeOneTimeToken, hashPassword, issueOneTimeToken, type RequestMeta } from '../credentials';
import * as repo from './auth.repo';
import { throttleMail } from './auth.throttles';

// A fixed hash to verify against when the e-mail is unknown, so timing does not tell.
let dummyHash: Promise<string> | null = null;

/** 429 once an e-mail or an address has failed too often in the window (rows: shared by replicas). */
async function assertNotThrottled(ctx: AppContext, by: { email?: string; address?: string }) {
  const since = new Date(Date.now() - LOGIN_THROTTLE.windowMinutes * 60_000);
  const none = { n: 0, oldest: null };
  const byEmail = by.email ? await repo.countRecentFailures(ctx.db, { email: by.email }, since) : none;
  const byAddress = by.address ? await repo.countRecentFailures(ctx.db, { address: by.address }, since) : none;
  const blocked =
    byEmail.n >= LOGIN_THROTTLE.perEmail ? byEmail : byAddress.n >= LOGIN_THROTTLE.perAddress ? byAddress : null;
  if (blocked) {
    const retryAt = (blocked.oldest?.getTime() ?? Date.now()) + LOGIN_THROTTLE.windowMinutes * 60_000;
    throw tooMany(MSG.tooManyAttempts(Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000))));
  }
}

export async function login(ctx: AppContext, input: { email: string; password: string }, meta: RequestMeta) {
  await assertNotThrottled(ctx, { email: input.email, address: meta.address });
  const user = await repo.userByEmail(ctx.db, input.email);
  dummyHash ??= hashPassword('timing-equaliser');
  const ok = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  // A deleted user is answered like an unknown one: the account no longer exists for sign-in.
  if (!user || user.deletedAt || !ok) {
    await repo.recordFailure(ctx.db, input.email, meta.address ?? null);
    throw badRequest(MSG.invalidCredentials);
  }
  if (user.status === 'pending') throw badRequest(MSG.accountNotConfirmed);
  if (user.status === 'disabled') throw badRequest(MSG.accountDisabled);
  await repo.clearFailures(ctx.db, input.email);
  return { access_token: await ctx.tokens.sign(user.id, user.tokenVersion), message: MSG.loginSuccess };
}

export async function signup(
  ctx: AppContext,
  input: { name: string; email: string; password: string; referralCode?: string; appToken?: string },
  meta: RequestMeta,
) {
  // Counted before anything is checked: an attempt on a taken address costs the same.
  await throttleMail(ctx, 'signup', input.email, meta.address);
  const agency = await agencyForHost(ctx.db, meta.host);
  if (!agency) throw badRequest('Sign-up is not available on this domain');
  if (await repo.userByEmail(ctx.db, input.email)) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
  const passwordHash = await hashPassword(input.password);

  const { user, token } = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        fullName: input.name,
        passwordHash,
        userType: 'seller',
        authority: 'seller',
        isSubUser: false,
        agencyId: agency.id,
        status: 'pending',
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with a second sign-up of the same address.
    if (!user) throw badRequest(MSG.emailTaken, { email: MSG.emailTaken });
    // An unknown referral code does not block the sign-up: old links keep working.
    const referrer = input.referralCode ? await teamByReferralCode(tx, agency.id, input.referralCode) : null;
    const team = await insertSellerTeam(tx, {
      agencyId: agency.id,
      name: input.name,
      managerId: user.id,
      referralFromId: referrer?.id ?? null,
      basecostId: await defaultBasecostId(tx, agency.id),
      // The agency's "auto approve orders" default (Others setting) applies to new teams.
      autoApproveOrder: (agency.settings as { autoApproveOrders?: boolean }).autoApproveOrders === true,
    });
    await tx.update(users).set({ sellerTeamId: team.id }).where(eq(users.id, user.id));
    // A store app installed before the account existed: the new team gets that store (modules/stores).
    if (input.appToken) await linkAppToken(ctx, tx, input.appToken, user.id);
    const token = await issueOneTimeToken(tx, user.id, 'confirm_email', TOKEN_TTL.emailConfirmationHours * 3600_000);
    await writeAudit(tx, { actorId: user.id, agencyId: agency.id, entity: 'user', entityId: user.id, action: 'signup', after: { email: user.email, sellerTeamId: team.id } });
    await notify(tx, await agencyOwnerIds(tx, agency.id), {
      agencyId: agency.id,
      title: 'New seller signed up',
      content: `${input.name} (${input.email}) signed up${referrer ? ` with referral code ${input.referralCode!.toUpperCase()}` : ''} and is confirming the email.`,
    });
    return { user, token };
  });

  await sendConfirmation(ctx, { id: user.id, email: user.email, fullName: user.fullName, agencyId: agency.id }, token, agency.name, meta);
  return { message: MSG.sentConfirmation };
}

async function sendConfirmation(
  ctx: AppContext,
  user: { id: string; email: string; fullName: string; agencyId: string | null },
  token: string,
  agencyName: string,
  meta: RequestMeta,
) {
  await ctx.mailer.send({
    agencyId: user.agencyId,
    to: user.email,
    templateCode: 'confirm_email',
    vars: {
      name: user.fullName,
      agencyName,
      link: await appLink(ctx, { agencyId: user.agencyId, requestHost: meta.host }, `/active-success?token=${token}`),
      hours: TOKEN_TTL.emailConfirmationHours,
    },
  });
}

/** Resends the confirmation to a pending account; says the same whatever the address. */
export async function resendConfirmation(ctx: AppContext, email: string, meta: RequestMeta) {
  await throttleMail(ctx, 'resendConfirmation', email, meta.address);
  const user = await repo.userByEmail(ctx.db, email);
  if (user && user.status === 'pending') {
    const token = await issueOneTimeToken(ctx.db, user.id, 'confirm_email', TOKEN_TTL.emailConfirmationHours * 3600_000);
    const agency = user.agencyId ? await agencyById(ctx.db, user.agencyId) : null;
    await sendConfirmation(ctx, user, token, agency?.name ?? 'Fulfilment', meta);
  }
  return { message: MSG.confirmationResent };
}

export async function confirmEmail(ctx: AppContext, token: string) {
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'confirm_email');
    if (!userId) throw badRequest(MSG.tokenInvalid);
    const [user] = await tx
      .update(users)
      .set({ status: 'active', updatedAt: new Date() })
      .where(sql`${users.id} = ${userId} and ${users.status} = 'pending'`)
      .returning();
    if (user) {
      await writeAudit(tx, { actorId: userId, agencyId: user.agencyId, entity: 'user', entityId: userId, action: 'confirm_email', before: { status: 'pending' }, after: { status: 'active' } });
    }
  });
  return { message: MSG.verified };
}

/** POST /api/auth/forgot-password: throttled per e-mail and per address (known or not), then forgotPassword. */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta) {
  await throttleMail(ctx, 'forgotPassword', email, meta.address);
  return forgotPassword(ctx, email, meta);
}

/**
 * Mails a reset link. Also the set-password mail of a new agency owner (agencies-admin), which an
 * administrator's action sends: not under the mail throttle, whose door is requestPasswordReset.
 */
export async function forgotPassword(ctx: AppContext, email: string, meta: RequestMeta) {
  // The spec asks the screen to say when an address is not registered; probing many addresses
  // from one place counts as failed sign-ins, so it meets the same throttle.
  await assertNotThrottled(ctx, { address: meta.address });
  const user = await repo.userByEmail(ctx.db, email);
  if (!user || user.status === 'disabled') {
    await repo.recordFailure(ctx.db, email, meta.address ?? null);
    throw badRequest(MSG.notRegistered);
  }
  const token = await issueOneTimeToken(ctx.db, user.id, 'reset_password', TOKEN_TTL.passwordResetMinutes * 60_000);
  const agency = user.agencyId ? await agencyById(ctx.db, user.agencyId) : null;
  await ctx.mailer.send({
    agencyId: user.agencyId,
    to: user.email,
    templateCode: 'reset_password',
    vars: {
      name: user.fullName,
      agencyName: agency?.name ?? 'Fulfilment',
      link: await appLink(ctx, { agencyId: user.agencyId, requestHost: meta.host }, `/auth/reset-password?token=${token}`),
      minutes: TOKEN_TTL.passwordResetMinutes,
    },
  });
  return { message: MSG.instructionsSent };
}

/** A reset also proves the mailbox, so a pending account becomes active; old sessions end. */
export async function resetPassword(ctx: AppContext, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  const email = await ctx.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, input.token, 'reset_password');
    if (!userId) throw badRequest(MSG.tokenInvalid);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId))
      .returning({ agencyId: users.agencyId, email: users.email });
    await writeAudit(tx, { actorId: userId, agencyId: user?.agencyId ?? null, entity: 'user', entityId: userId, action: 'reset_password' });
    return user!.email;
  });
  // A fresh password lifts the sign-in throttle of that address.
  await repo.clearFailures(ctx.db, email);
  return { message: MSG.passwordReseted };
}

export async function linkStore(ctx: AppContext, userId: string, appToken: string) {
  const ok = await ctx.db.transaction((tx) => linkAppToken(ctx, tx, appToken, userId));
  if (!ok) throw badRequest(MSG.canNotAuthorize);
  return { message: 'Store linked' };
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(ctx: AppContext, userId: string) {
  await ctx.db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
  return { message: 'Signed out everywhere' };
}
