/**
 * The two page shapes lists answer with. They differ on the wire (clients read each as it is), so each has one
 * definition here and the contract modules re-export the one their lists use.
 */

/** A page of records counted from `page` (wallet, admin and most lists). */
export interface Page<T> {
  total: number;
  page: number;
  size: number;
  records: T[];
}

/**
 * A page of records counted from `current`, with the number of `pages` (content and referral lists; a content list
 * answers `size` -521 when all records were asked for).
 */
export interface NumberedPage<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}
