import { Card } from 'antd';
import { Link } from 'react-router';
import { findRoute } from '@fbo/shared/routes';
import { PageHeader } from '../../../components/PageHeader';
import { SETTINGS_PAGES } from '../components/settings-pages';
import '../components/settings.css';

/** A card per settings page that exists (spec part 2 section 2, Settings board). */
export default function SettingsBoardPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <ul className="settings-board" aria-label="Settings pages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.route}>
            <Link className="settings-board-link" to={findRoute(page.route)!.path}>
              <Card hoverable>
                <span className="settings-board-icon" aria-hidden>
                  {page.icon}
                </span>
                <h2 className="settings-board-title">{page.title}</h2>
                <p className="settings-board-description">{page.description}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
