import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import { useAppDispatch } from '../../app/hooks';
import { signOut } from './auth-thunks';

/** /logout: ends the session, shows "Logging out..." meanwhile, then goes to /login. */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void dispatch(signOut()).then(() => {
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [dispatch, navigate]);

  return <PageSpinner fullScreen text="Logging out..." />;
}
