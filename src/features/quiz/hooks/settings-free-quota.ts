import { useShallow } from 'zustand/react/shallow';
import { useAuthStore } from '../../../stores/auth-store';

export interface FreeQuota {
  /** A free account (premium has no limit). */
  free: boolean;
  left: number;
  limit: number;
  /** Spec §5: free and free_usage_count >= free_quiz_limitation. */
  reached: boolean;
}

/** The signed-in learner's free quizzes (same rule as the material screen's generate button). */
export function useFreeQuota(): FreeQuota {
  return useAuthStore(
    useShallow((s) => {
      const u = s.user;
      const free = Boolean(u && u.account_type === 'free');
      const limit = u?.free_quiz_limitation ?? 0;
      const used = u?.free_usage_count ?? 0;
      return { free, limit, left: Math.max(0, limit - used), reached: free && used >= limit };
    }),
  );
}
