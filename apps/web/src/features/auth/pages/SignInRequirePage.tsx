import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { AuthHeading } from '../components/AuthHeading';

/** Where a store-linking hand-off lands when nobody is signed in. */
export default function SignInRequirePage() {
  const navigate = useNavigate();
  return (
    <>
      <AuthHeading>Link your account now to complete store authorization</AuthHeading>
      <Flex vertical gap={12}>
        <Button type="primary" block onClick={() => navigate('/auth/login')}>
          Login with account
        </Button>
        <Button block onClick={() => navigate('/auth/register')}>
          Create new account
        </Button>
      </Flex>
    </>
  );
}
