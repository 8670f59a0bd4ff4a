import { useQueryClient } from '@tanstack/react-query';
import { taskKeys } from '../../api/tasks';

/** After a task changes: every task list, home and 今日の巡回 read again. */
export function useTaskChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
}
