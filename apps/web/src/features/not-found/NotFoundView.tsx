import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PageResult } from '../../components/PageResult';

export const NOT_FOUND_TITLE = 'Page not found';

/** What an address the route table does not have shows, with the way home (`home`: the landing page or sign-in). */
export function NotFoundView({ home }: { home: string }) {
  const navigate = useNavigate();
  return (
    <PageResult
      status="404"
      title={NOT_FOUND_TITLE}
      subTitle="The page you are looking for does not exist or was moved."
      extra={
        <Button type="primary" onClick={() => navigate(home)}>
          Back Home
        </Button>
      }
    />
  );
}
