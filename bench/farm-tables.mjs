// The farm-data tables (decision 034): a statement that names one runs on the farm-data shards, any other on the
// directory (`DB`). Used by the bench's report queries (bench/server.mjs) and by bench/explain.mjs.
export const FARM_TABLES =
  /\b(cattle|breeding_status|breeding_summary|alerts|alert_history|events|dawn_farm_runs|shipments|shipment_plans|farm_counts|cattle_status_history|mother_info|bloodline|kpi_\w+)\b/i;
