import { useState } from 'react';
import { PaginationBar } from '@paydesk/shared/ui/pagination-bar';
import { listSizes, type ListSize } from '../lib/list-sizes';

/** A Developers list's page and page size (25 to start); a new size starts again from page 1. */
export function useListPaging() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<ListSize>(25);
  const resize = (size: ListSize) => {
    setLimit(size);
    setPage(1);
  };
  return { page, limit, setPage, resize };
}

interface PageEnvelope {
  current_page: number;
  last_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

/** The bar under a Developers list: the page the server answered, and the list's paging state. */
export function ListPaginationBar({ envelope, paging }: { envelope: PageEnvelope; paging: ReturnType<typeof useListPaging> }) {
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
