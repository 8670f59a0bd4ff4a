import { type SQL, sql } from 'drizzle-orm';
import { runBatch } from '../db/batch';
import type { Db } from '../db/client';
import { carcassOf, carcassRollup } from '../domain/carcass';
import { expectedBirthDate, groupByMother, roundMotherSummary } from '../domain/shipment-stats';
import type { MotherGroup, MotherShipmentRow, MotherSortKey } from './shipments.schemas';

interface Query {
  page: number;
  limit: number;
  sortBy: MotherSortKey;
  sortOrder: 'asc' | 'desc';
  filterBy?: 'year' | 'motherName';
  filterValue?: string;
}

interface Row {
  total: number;
  /** Whether the farm's kept groups were current (the kept statement's answer counts only then). */
  fresh: number;
  motherKey: string;
  motherId: number | null;
  motherName: string;
  motherEarTag: string | null;
  motherBreed: string | null;
  calfId: number;
  calfName: string | null;
  sex: string | null;
  birthDate: string | null;
  shipmentDate: string;
  shipmentWeight: number | null;
  ageAtShipment: number | null;
  price: number;
  buyer: string | null;
  notes: string | null;
  father: string | null;
  motherFather: string | null;
  motherGrandfather: string | null;
  motherMotherGrandfather: string | null;
  breedingDate: string | null;
  expectedCalvingEntry: string | null;
  groupCount: number;
  groupRevenue: number;
  groupAveragePrice: number;
  groupAverageWeight: number | null;
  groupAverageAge: number | null;
  groupWeighed: number;
  groupCarcassWeight: number | null;
  groupGraded: number;
  groupGrade45: number | null;
  carcassWeightKg: number | null;
  carcassYieldGrade: string | null;
  carcassQualityGrade: number | null;
  carcassBms: number | null;
  carcassNotes: string | null;
}

const SORT_COLUMNS: Record<MotherSortKey, SQL> = {
  motherName: sql.raw('group_name'),
  totalRevenue: sql.raw('group_revenue'),
  averagePrice: sql.raw('group_average_price'),
  shipmentDate: sql.raw('group_latest'),
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The groups' columns, in the order `groupedSelect` gives them and `mother_groups` keeps them (shard migration 0008). */
const GROUP_COLUMNS = sql.raw(
  'mother_key, group_count, group_revenue, group_average_weight, group_average_age, group_latest, group_name, ' +
    'group_weighed, group_carcass_weight, group_graded, group_grade45, shipment_ids',
);

/**
 * One row per mother of the farm's shipments (count, revenue, averages, latest shipment, name, and the ids of the
 * mother's shipments as a JSON array — ids, not rowids, which a farm's move to another shard renumbers): what the
 * list sorts and pages, and what `mother_groups` keeps. `shipmentsOf` is the farm whose shipments are grouped (an
 * SQL expression: none when it is NULL).
 */
const groupedSelect = (farmId: number, filters: SQL, shipmentsOf: SQL = sql`${farmId}`) => sql`
  SELECT
    CASE
      WHEN m.cattle_id IS NOT NULL THEN 'id:' || m.cattle_id
      WHEN mi.mother_identification_number IS NOT NULL THEN 'no:' || mi.mother_identification_number
      WHEN NULLIF(TRIM(mi.mother_name), '') IS NOT NULL THEN 'name:' || TRIM(mi.mother_name)
      ELSE 'unknown'
    END AS mother_key,
    COUNT(*) AS group_count,
    SUM(s.price) AS group_revenue,
    AVG(s.weight) AS group_average_weight,
    AVG(s.age_at_shipment) AS group_average_age,
    MAX(s.shipment_date) AS group_latest,
    MIN(COALESCE(m.name, NULLIF(TRIM(mi.mother_name), ''), '不明')) AS group_name,
    COUNT(s.carcass_weight_kg) AS group_weighed,
    SUM(s.carcass_weight_kg) AS group_carcass_weight,
    COUNT(s.carcass_quality_grade) AS group_graded,
    SUM(s.carcass_quality_grade >= 4) AS group_grade45,
    json_group_array(s.shipment_id) AS shipment_ids
  FROM shipments s
  JOIN cattle c ON c.cattle_id = s.cattle_id AND c.farm_id = ${farmId}
  LEFT JOIN mother_info mi ON mi.cattle_id = c.cattle_id
  LEFT JOIN cattle m ON m.cattle_id = mi.mother_cattle_id AND m.farm_id = ${farmId}
  WHERE s.farm_id = ${shipmentsOf} ${filters}
  GROUP BY mother_key`;

/** Whether the farm's kept groups are current: no change they depend on since they were written (migration 0008). */
const keptFresh = (farmId: number) => sql`EXISTS (SELECT 1 FROM mother_groups_fresh WHERE farm_id = ${farmId})`;

/**
 * The farm while its kept groups are not current, else NULL: as the shipments' `farm_id =` it makes the grouping
 * read nothing when they are, by an empty index range. `AND NOT EXISTS (…)` instead walked every one of the farm's
 * shipments in the index testing it (1.4 ms at 8,000 head, 12,000 shipments, against 0.06).
 */
const unlessKeptFresh = (farmId: number) => sql`(CASE WHEN ${keptFresh(farmId)} THEN NULL ELSE ${farmId} END)`;

/** The statements that rewrite the farm's kept groups from its shipments, in one batch (a transaction). */
const keptMotherGroupStatements = (farmId: number): SQL[] => [
  sql`DELETE FROM mother_groups WHERE farm_id = ${farmId}`,
  sql`INSERT INTO mother_groups (farm_id, ${GROUP_COLUMNS})
    SELECT ${farmId}, ${GROUP_COLUMNS} FROM (${groupedSelect(farmId, sql``)})`,
  sql`INSERT OR IGNORE INTO mother_groups_fresh (farm_id) VALUES (${farmId})`,
];

/**
 * One page of mothers with their calves' shipments, in a single statement whatever the page size:
 * - `grouped` (`groupedSelect`) joins the owner's shipments to their mothers once and aggregates one row per mother;
 * - `page` sorts those rows (ties broken by mother key) and keeps one page of mothers, so a mother's calves are never
 *   split across pages and `total` counts mothers;
 * - only the page's shipments are then read back by id (json_each) with their calf, mother and bloodline, and only
 *   they get the correlated lookups of the breeding and expected calving dates.
 * Without a filter the groups come from `mother_groups`, kept per farm (shard migration 0008, decision 036's
 * addendum), so a page reads the farm's groups by their index instead of grouping every shipment; while they are not
 * current the same statement groups the shipments instead, and `refresh` rewrites them after the answer. Both give
 * the same rows: the kept ones are what the same grouping wrote, and every change they depend on deletes the farm's
 * fresh mark (triggers).
 * The average price is the revenue over the count (exactly AVG(price) for integer prices, one aggregate fewer per row).
 * The event lookups keep `+e.farm_id` (so SQLite searches the mother's own events by cattle_id, not every event
 * of the owner) and add a range on the raw `event_datetime`, a day wider on each side than the JST window: the stored
 * value is an ISO instant, so its first ten characters are within a day of its JST date, and the exact JST test
 * still decides. Calves whose mother is not recorded are grouped under 不明.
 */
export async function loadMotherGroups(
  db: Db,
  farmId: number,
  query: Query,
): Promise<{ mothers: MotherGroup[]; total: number; refresh: () => Promise<void> }> {
  const filters: SQL[] = [];
  if (query.filterBy === 'year' && query.filterValue)
    filters.push(sql`AND substr(s.shipment_date, 1, 4) = ${query.filterValue}`);
  if (query.filterBy === 'motherName' && query.filterValue) {
    filters.push(
      sql`AND COALESCE(m.name, NULLIF(TRIM(mi.mother_name), ''), '不明') LIKE ${`%${escapeLike(query.filterValue)}%`} ESCAPE '\\'`,
    );
  }
  const order = sql`${SORT_COLUMNS[query.sortBy]} ${sql.raw(query.sortOrder === 'desc' ? 'DESC' : 'ASC')}, mother_key`;
  const offset = (query.page - 1) * query.limit;
  const kept = filters.length === 0;

  // Unfiltered, the page comes from the kept groups when they are current, else from grouping the shipments (which
  // then groups nothing when they are current: `unlessKeptFresh`).
  const pageOf = (source: SQL) => sql`
    SELECT * FROM (
      SELECT ${GROUP_COLUMNS}, CAST(group_revenue AS REAL) / group_count AS group_average_price FROM ${source}
      ORDER BY ${order}
      LIMIT ${query.limit} OFFSET ${offset})`;
  const keptGroups = sql`mother_groups WHERE farm_id = ${farmId} AND ${keptFresh(farmId)}`;
  const rows = await db.all<Row>(sql`
    WITH grouped AS MATERIALIZED (
      ${kept ? groupedSelect(farmId, sql``, unlessKeptFresh(farmId)) : groupedSelect(farmId, sql.join(filters, sql` `))}
    ),
    page AS MATERIALIZED (
      SELECT *, ROW_NUMBER() OVER (ORDER BY ${order}) AS mother_rank
      FROM (${kept ? sql`${pageOf(keptGroups)} UNION ALL ${pageOf(sql`grouped`)}` : pageOf(sql`grouped`)})
    ),
    totals AS (SELECT (SELECT COUNT(*) FROM grouped) ${kept ? sql`+ (SELECT COUNT(*) FROM ${keptGroups})` : sql``} AS total)
    ${pageRows(farmId)}`);
  const fresh = Boolean(rows[0]?.fresh);
  return {
    ...answer(rows),
    refresh: async () => {
      if (kept && !fresh) await runBatch(db, keptMotherGroupStatements(farmId));
    },
  };
}

/** The page's mothers with their shipments (after the `page` and `totals` CTEs), and whether the kept groups were current. */
function pageRows(farmId: number) {
  const jstDay = (column: string) => sql.raw(`date(${column}, '+9 hours')`);
  return sql`
    SELECT
      totals.total AS total,
      (SELECT count(*) FROM mother_groups_fresh WHERE farm_id = ${farmId}) AS fresh,
      r.mother_key AS motherKey, r.mother_id AS motherId, r.group_name AS motherName,
      r.mother_ear_tag AS motherEarTag, r.mother_breed AS motherBreed,
      r.calf_id AS calfId, r.calf_name AS calfName, r.sex AS sex, r.birth_date AS birthDate,
      r.shipment_date AS shipmentDate, r.weight AS shipmentWeight, r.age_at_shipment AS ageAtShipment,
      r.price AS price, r.buyer AS buyer, r.notes AS notes,
      r.father AS father, r.mother_father AS motherFather, r.mother_grandfather AS motherGrandfather,
      r.mother_mother_grandfather AS motherMotherGrandfather,
      (SELECT MAX(${jstDay('e.event_datetime')}) FROM events e
        WHERE e.cattle_id = r.mother_id AND +e.farm_id = ${farmId} AND e.event_type = 'INSEMINATION'
          AND e.event_datetime >= date(r.birth_date, '-321 days') AND e.event_datetime < date(r.birth_date, '-248 days')
          AND ${jstDay('e.event_datetime')} BETWEEN date(r.birth_date, '-320 days') AND date(r.birth_date, '-250 days')
      ) AS breedingDate,
      (SELECT MAX(${jstDay('e.event_datetime')}) FROM events e
        WHERE e.cattle_id = r.mother_id AND +e.farm_id = ${farmId} AND e.event_type = 'EXPECTED_CALVING'
          AND e.event_datetime >= date(r.birth_date, '-61 days') AND e.event_datetime < date(r.birth_date, '+62 days')
          AND ${jstDay('e.event_datetime')} BETWEEN date(r.birth_date, '-60 days') AND date(r.birth_date, '+60 days')
      ) AS expectedCalvingEntry,
      r.group_count AS groupCount, r.group_revenue AS groupRevenue, r.group_average_price AS groupAveragePrice,
      r.group_average_weight AS groupAverageWeight, r.group_average_age AS groupAverageAge,
      r.group_weighed AS groupWeighed, r.group_carcass_weight AS groupCarcassWeight,
      r.group_graded AS groupGraded, r.group_grade45 AS groupGrade45,
      r.carcass_weight_kg AS carcassWeightKg, r.carcass_yield_grade AS carcassYieldGrade,
      r.carcass_quality_grade AS carcassQualityGrade, r.carcass_bms AS carcassBms, r.carcass_notes AS carcassNotes
    FROM totals
    LEFT JOIN (
      SELECT p.*, s.shipment_date, s.price, s.weight, s.age_at_shipment, s.buyer, s.notes,
        s.carcass_weight_kg, s.carcass_yield_grade, s.carcass_quality_grade, s.carcass_bms, s.carcass_notes,
        c.cattle_id AS calf_id, c.name AS calf_name, c.gender AS sex, c.birthday AS birth_date,
        m.cattle_id AS mother_id, m.ear_tag_number AS mother_ear_tag, m.breed AS mother_breed,
        b.father_cattle_name AS father,
        b.mother_father_cattle_name AS mother_father,
        b.mother_grand_father_cattle_name AS mother_grandfather,
        b.mother_great_grand_father_cattle_name AS mother_mother_grandfather
      FROM page p
      CROSS JOIN json_each(p.shipment_ids) j
      CROSS JOIN shipments s ON s.shipment_id = j.value
      JOIN cattle c ON c.cattle_id = s.cattle_id
      LEFT JOIN mother_info mi ON mi.cattle_id = c.cattle_id
      LEFT JOIN cattle m ON m.cattle_id = mi.mother_cattle_id AND m.farm_id = ${farmId}
      LEFT JOIN bloodline b ON b.cattle_id = c.cattle_id
    ) r ON 1
    ORDER BY r.mother_rank, r.shipment_date DESC, r.calf_id`;
}

function answer(rows: Row[]): { mothers: MotherGroup[]; total: number } {
  const total = rows[0]?.total ?? 0;
  const mothers = groupByMother(
    rows.filter((r) => r.motherKey !== null),
    (r): MotherGroup => {
      const { meanCarcassWeightKg, grade45Rate } = carcassRollup({
        calves: r.groupCount,
        priceSum: r.groupRevenue,
        weightSum: r.groupCarcassWeight ?? 0,
        weightCount: r.groupWeighed,
        bmsSum: 0,
        bmsCount: 0,
        graded: r.groupGraded,
        grade45: r.groupGrade45 ?? 0,
      });
      return {
        motherId: r.motherId,
        motherName: r.motherName,
        motherEarTag: r.motherEarTag,
        summary: roundMotherSummary({
          shipmentCount: r.groupCount,
          totalRevenue: r.groupRevenue,
          averagePrice: r.groupAveragePrice,
          averageWeight: r.groupAverageWeight,
          averageAge: r.groupAverageAge,
        }),
        meanCarcassWeightKg,
        grade45Rate,
        calves: [],
      };
    },
    (group, r) => group.calves.push(toRow(r)),
  );
  return { mothers, total };
}

function toRow(r: Row): MotherShipmentRow {
  return {
    motherId: r.motherId,
    motherName: r.motherName,
    motherEarTag: r.motherEarTag,
    calfId: r.calfId,
    calfName: r.calfName,
    sex: r.sex,
    pedigree: {
      father: r.father,
      motherFather: r.motherFather,
      motherGrandfather: r.motherGrandfather,
      motherMotherGrandfather: r.motherMotherGrandfather,
    },
    breedingDate: r.breedingDate,
    expectedBirthDate: expectedBirthDate(r.breedingDate, r.motherBreed, r.expectedCalvingEntry),
    birthDate: r.birthDate,
    shipmentDate: r.shipmentDate,
    shipmentWeight: r.shipmentWeight,
    ageAtShipment: r.ageAtShipment,
    price: r.price,
    buyer: r.buyer,
    notes: r.notes,
    carcass: carcassOf(r),
  };
}
