-- A calving's calves are a list (docs/product.md §6: twins and triplets, decision 020): the single `calf` object
-- stored before becomes the one-element `calves`. No table is rebuilt; only the details JSON of CALVING events moves.
UPDATE `events` SET `details` = json_remove(
    json_set(`details`, '$.calves', json_array(json(json_extract(`details`, '$.calf')))), '$.calf')
  WHERE `event_type` = 'CALVING' AND json_type(`details`, '$.calf') = 'object';
