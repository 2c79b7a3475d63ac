import { pageField, sizeField, type SetListState } from '@paydesk/shared/list-state';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { listSizes, type ListSize } from '../lib/list-sizes';

/** A Developers list's page and page size, as its pagination bar reads and changes them. */
export interface ListPaging {
  limit: ListSize;
  setPage: (page: number) => void;
  resize: (size: ListSize) => void;
}

/** The `page` and `limit` of a Developers list kept in the address (useListState). */
export const pagingFields = { page: pageField(1_000_000), limit: sizeField(listSizes, 25) };

/** The paging of a list whose state is in the address; a new size goes back to page 1 there. */
export const addressPaging = (limit: ListSize, set: SetListState<{ page: number; limit: ListSize }>): ListPaging => ({
  limit,
  setPage: (page) => set({ page }),
  resize: (size) => set({ limit: size }),
});

interface PageEnvelope {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

/** The bar under a Developers list: the page the server answered, and the list's paging state. */
export function ListPaginationBar({ envelope, paging }: { envelope: PageEnvelope; paging: ListPaging }) {
  return (
    <PaginationBar
      page={envelope.current_page}
      lastPage={envelope.last_page}
      from={envelope.from}
      to={envelope.to}
      total={envelope.total}
      perPage={paging.limit}
      pageSizes={listSizes}
      onPage={paging.setPage}
      onPerPage={paging.resize}
    />
  );
}
