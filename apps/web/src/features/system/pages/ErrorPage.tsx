import { useNavigate } from 'react-router';
import { ServerErrorView } from '../components/ServerErrorView';

export default function ErrorPage() {
  const navigate = useNavigate();
  return <ServerErrorView onHome={() => navigate('/')} />;
}
