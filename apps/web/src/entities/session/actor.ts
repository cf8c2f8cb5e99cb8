import type { Actor, UserInfo } from '@fbo/shared';

/** The shape the shared permission helpers take, built from the signed-in user's info. */
export function actorOf(info: UserInfo): Actor {
  return {
    userId: info.id,
    userType: info.userType,
    authority: info.authority,
    isSubUser: info.isSubUser,
    agencyId: info.agencyId,
    sellerTeamId: info.sellerTeam?.id ?? null,
    sellerType: info.sellerTeam?.sellerType ?? null,
  };
}
