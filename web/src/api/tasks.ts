import { queryOptions } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap } from './client';
import type { Queued } from './queued';

type ProgrammesApi = typeof api.programmes;
type TasksApi = typeof api.tasks;

export type Programme = InferResponseType<ProgrammesApi['$get'], 200>['data'][number];
export type ProgrammeInput = InferRequestType<ProgrammesApi['$post']>['json'];
export type Task = InferResponseType<TasksApi['$get'], 200>['data'][number];
export type Eligibility = InferResponseType<ProgrammesApi[':id']['eligibility']['$get'], 200>['data'][number];
export type EnrolAnswer = InferResponseType<ProgrammesApi[':id']['enrol']['$post'], 201>['data'];
export type FarmToday = InferResponseType<typeof api.me.today.$get, 200>['data'][number];
export type TodayItem = FarmToday['items'][number];

/** The task list's filters, as the URL keeps them. */
export interface TaskFilters {
  status?: 'open' | 'done' | 'skipped' | 'cancelled';
  from?: string;
  to?: string;
  mine?: boolean;
  cattleId?: number;
}

/** Query keys: everything under ['tasks'] refetches after a task, an enrolment or a programme changes. */
export const taskKeys = {
  all: ['tasks'] as const,
  programmes: () => [...taskKeys.all, 'programmes'] as const,
  eligibility: (id: number, startDate: string) => [...taskKeys.all, 'eligibility', id, startDate] as const,
  list: (filters: TaskFilters) => [...taskKeys.all, 'list', filters] as const,
  today: () => [...taskKeys.all, 'me-today'] as const,
};

export const programmesQuery = queryOptions({
  queryKey: taskKeys.programmes(),
  queryFn: ({ signal }) => unwrap(api.programmes.$get({}, { init: { signal } })).then((r) => r.data),
});

export const tasksQuery = (filters: TaskFilters) =>
  queryOptions({
    queryKey: taskKeys.list(filters),
    queryFn: ({ signal }) => {
      const query: Record<string, string> = { limit: '200' };
      if (filters.status) query.status = filters.status;
      if (filters.from) query.from = filters.from;
      if (filters.to) query.to = filters.to;
      if (filters.mine) query.assignee = 'me';
      if (filters.cattleId) query.cattleId = String(filters.cattleId);
      return unwrap(api.tasks.$get({ query }, { init: { signal } }));
    },
  });

/** The enrol picker: every living animal with its status and, for the ineligible, the reason (§22 turn 4). */
export const eligibilityQuery = (id: number, startDate: string) =>
  queryOptions({
    queryKey: taskKeys.eligibility(id, startDate),
    queryFn: ({ signal }) =>
      unwrap(
        api.programmes[':id'].eligibility.$get(
          { param: { id: String(id) }, query: { startDate } },
          { init: { signal } },
        ),
      ).then((r) => r.data),
  });

/** 今日の巡回: the caller's farms with their alerts and tasks due (GET /me/today). */
export const meTodayQuery = queryOptions({
  queryKey: taskKeys.today(),
  queryFn: ({ signal }) => unwrap(api.me.today.$get({}, { init: { signal } })).then((r) => r.data),
});

export const createProgramme = (input: ProgrammeInput) =>
  unwrap(api.programmes.$post({ json: input })).then((r) => r.data);
export const updateProgramme = (id: number, input: ProgrammeInput) =>
  unwrap(api.programmes[':id'].$patch({ param: { id: String(id) }, json: input })).then((r) => r.data);
export const deleteProgramme = (id: number) => unwrap(api.programmes[':id'].$delete({ param: { id: String(id) } }));
export const enrolCattle = (id: number, input: { cattleIds: number[]; startDate: string }): Promise<EnrolAnswer> =>
  unwrap(api.programmes[':id'].enrol.$post({ param: { id: String(id) }, json: input })).then((r) => r.data);

/**
 * Ticks a task done; without a signal it waits under 未送信 (§15) with its Idempotency-Key and is sent once. The
 * queued body names the task (and its title and animal, for the 未送信 list's label).
 */
export const doneTask = (task: Pick<Task, 'id' | 'title' | 'cattleId'>): Promise<{ data: Task } | Queued> =>
  import('./queue').then(({ createOrQueue }) =>
    createOrQueue<{ data: Task }>('task', { taskId: task.id, title: task.title, cattleId: task.cattleId }),
  );

export const skipTask = (id: number, reason: string) =>
  unwrap(api.tasks[':id'].skip.$post({ param: { id: String(id) }, json: { reason } })).then((r) => r.data);
