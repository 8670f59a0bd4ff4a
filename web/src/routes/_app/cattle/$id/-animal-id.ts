/** `$id` of an animal's pages as a number (a malformed one is 0, which the API answers 404). */
export const animalId = (param: string) => {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : 0;
};
