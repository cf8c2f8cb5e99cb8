import { Avatar, Card } from 'antd';
import type { UserInfo } from '@fbo/shared';
import { authorityLabel } from '@fbo/shared/auth/roles';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** The avatar card: the signed-in user's own, or the user an agency owner opened. */
export function ProfileCard({ info }: { info: Pick<UserInfo, 'fullName' | 'email' | 'authority'> }) {
  return (
    <Card className="profile-card">
      <Avatar size={72} className="profile-avatar" aria-hidden>
        {initials(info.fullName)}
      </Avatar>
      <h2 className="profile-name">{info.fullName}</h2>
      <p className="profile-email">{info.email}</p>
      {info.authority ? <p className="profile-authority">{authorityLabel(info.authority)}</p> : null}
    </Card>
  );
}
