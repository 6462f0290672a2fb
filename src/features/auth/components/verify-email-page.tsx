import { Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * /verify-email?token=: straight on to the login screen, which spends the token (spec 2).
 * Without a token there is nothing to verify, so it lands on the verification-failed message.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const query = token ? `verified=true&token=${encodeURIComponent(token)}` : 'verified=false';
  return <Navigate to={`${paths.login}?${query}`} replace />;
}
