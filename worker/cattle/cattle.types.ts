import type { listCattle, loadCattleDetail, statusHistory, toCattleView } from './cattle.queries';

/** Response types of the cattle API, inferred from the queries that produce them (the web app imports these). */
export type CattleListPage = Awaited<ReturnType<typeof listCattle>>;
export type CattleListItem = CattleListPage['results'][number];
export type CattleView = ReturnType<typeof toCattleView>;
type Detail = NonNullable<Awaited<ReturnType<typeof loadCattleDetail>>>;
export type CattleDetail = CattleView & {
  breedingStatus: Detail['breedingStatus'];
  bloodline: Detail['bloodline'];
  motherInfo: Detail['motherInfo'];
  breedingSummary: Detail['breedingSummary'];
  events: (Detail['events'][number] & { cattleName: string | null; cattleEarTagNumber: number | null })[];
  alerts: Detail['alerts'];
  calves: Detail['calves'];
};
export type StatusHistoryEntry = Awaited<ReturnType<typeof statusHistory>>[number];
