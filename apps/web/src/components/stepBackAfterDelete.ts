/**
 * After deleting the only row of a later page, shows the page before instead of an empty one.
 * `rowsOnPage`: rows the page showed before the delete.
 */
export function stepBackAfterDelete(list: { page: number; update: (changes: { page: number }) => void }, rowsOnPage: number): void {
  if (rowsOnPage === 1 && list.page > 1) list.update({ page: list.page - 1 });
}
