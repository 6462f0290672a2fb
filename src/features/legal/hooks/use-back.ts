import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * History back, or "/" when this page was the first one opened in the tab (nothing of ours to
 * go back to). React Router keeps the entry's position in history.state.idx.
 */
export function useBack() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(paths.home);
  };
}
