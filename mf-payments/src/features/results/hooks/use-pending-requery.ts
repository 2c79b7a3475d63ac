import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLazyRequeryQuery } from '../../../lib/payments-api';
import { afterPending } from '../model/after-pending';

/** The pending page re-queries the status once on load and moves on when it changed. */
export function usePendingRequery(transactionId: string | null) {
  const navigate = useNavigate();
  const [requery, { data }] = useLazyRequeryQuery();
  const asked = useRef(false);

  useEffect(() => {
    if (!transactionId || asked.current) return;
    asked.current = true;
    void requery(transactionId).then(({ data: result }) => {
      const to = result ? afterPending(result) : null;
      if (to) navigate(to.to, { state: to.state, replace: true });
    });
  }, [transactionId, requery, navigate]);

  return { latest: data };
}
