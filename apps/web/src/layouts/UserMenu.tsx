import { Button, Dropdown } from 'antd';
import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { UserInfo } from '@fbo/shared';
import { routePath } from '@fbo/shared/routes';
import { endSession } from '../entities/session';

export function UserMenu({ info }: { info: UserInfo }) {
  const navigate = useNavigate();
  function onSelect(key: string) {
    if (key === 'profile') {
      navigate(routePath('profile', { id: info.id }));
      return;
    }
    endSession();
    navigate('/auth/login', { replace: true });
  }
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'profile', label: 'Profile', icon: <UserOutlined /> },
          { key: 'logout', label: 'Logout', icon: <LogoutOutlined /> },
        ],
        onClick: ({ key }) => onSelect(key),
      }}
    >
      <Button type="text" aria-label={`Account menu for ${info.fullName}`} className="shell-user">
        <UserOutlined aria-hidden />
        <span>{info.fullName}</span>
        <DownOutlined aria-hidden />
      </Button>
    </Dropdown>
  );
}
