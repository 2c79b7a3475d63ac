export interface PageWindow {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

/** The paginated wrapper's numbers; `from`/`to` are null on a page with no rows. */
export function pageWindow(page: number, perPage: number, total: number): PageWindow {
  const offset = (page - 1) * perPage;
  const hasRows = offset < total;
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from: hasRows ? offset + 1 : null,
    to: hasRows ? Math.min(offset + perPage, total) : null,
    total,
  };
}
