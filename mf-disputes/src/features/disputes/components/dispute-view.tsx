import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Link as RouterLink } from 'react-router-dom';
import { readApiError } from '@paydesk/shared/api/api-error';
import { formatDateTime, formatMoney } from '@paydesk/shared/format';
import { controlPaths } from '@paydesk/shared/routes';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { PageHeader } from '@paydesk/shared/ui/page-header';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { DetailRow, InfoCard } from '@paydesk/shared/ui/info-card';
import { paymentPath } from '../../../lib/paths';
import { useCanManage } from '../../../lib/use-can-manage';
import { useGetDisputeQuery } from '../api/disputes-api';
import { disputeReasonLabels } from '@paydesk/shared/dispute-reasons';
import { awaitsResponse, isInquiry } from '../model/dispute-labels';
import { DisputeStatusChip } from './dispute-status-chip';
import { DisputeTimeline } from './dispute-timeline';
import { EvidenceForm } from './evidence-form';
import { EvidenceSummary } from './evidence-summary';
import { TimeLeftText } from './time-left-text';

function DisputeInformation({ dispute: d }: { dispute: DisputeObject }) {
  return (
    <InfoCard title={isInquiry(d.status) ? 'Inquiry' : 'Dispute'}>
      <DetailRow label="Amount">
        {formatMoney(d.amount)} {d.currency}
      </DetailRow>
      <DetailRow label="Dispute fee">{isInquiry(d.status) ? 'None while it is an inquiry' : formatMoney(d.fee)}</DetailRow>
      <DetailRow label="Reason">{disputeReasonLabels[d.reason]}</DetailRow>
      <DetailRow label="Status">
        <DisputeStatusChip status={d.status} />
      </DetailRow>
      <DetailRow label="Time to respond">
        <TimeLeftText dispute={d} align="end" />
      </DetailRow>
      <DetailRow label="Opened">{formatDateTime(d.created_at)}</DetailRow>
      <DetailRow label="Payment">
        <Link component={RouterLink} to={paymentPath(d.transaction_id)} sx={{ fontFamily: 'monospace' }}>
          {d.transaction_id}
        </Link>
      </DetailRow>
      <DetailRow label="Dispute ID">
        <Typography variant="inherit" component="span" sx={{ fontFamily: 'monospace' }}>
          {d.id}
        </Typography>
      </DetailRow>
    </InfoCard>
  );
}

/** Why the evidence can only be read now, when it cannot be given. */
function readOnlyNote(d: DisputeObject, canManage: boolean): string | null {
  if (!awaitsResponse(d.status)) return null;
  if (!canManage) return 'An admin answers disputes: you can read this one.';
  return 'The due date has passed: evidence is no longer taken.';
}

function Evidence({ dispute: d }: { dispute: DisputeObject }) {
  const canManage = useCanManage();
  const pastDue = Date.parse(d.evidence_details.due_by) <= Date.now();
  const editable = canManage && awaitsResponse(d.status) && !pastDue;
  const note = readOnlyNote(d, canManage);
  return (
    <InfoCard title="Evidence">
      {editable ? (
        <EvidenceForm dispute={d} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {note ? <Alert severity="info">{note}</Alert> : null}
          <EvidenceSummary evidence={d.evidence} />
        </Box>
      )}
    </InfoCard>
  );
}

/** One dispute: what and which payment, the evidence (a form for who may answer), and its timeline. */
export function DisputeView({ id }: { id: string }) {
  const query = useGetDisputeQuery(id);
  const notFound = readApiError(query.error).status === 404;
  const d = query.data;
  return (
    <>
      <PageHeader
        title={d && isInquiry(d.status) ? 'Inquiry' : 'Dispute'}
        subtitle={d ? `${formatMoney(d.amount)} · ${disputeReasonLabels[d.reason]}` : undefined}
        actions={
          <Button component={RouterLink} to={controlPaths.disputes} startIcon={<ArrowBackIcon />}>
            Back to Disputes
          </Button>
        }
      />
      {notFound ? (
        <Typography sx={{ py: 6, textAlign: 'center' }} color="text.secondary">
          Dispute not found
        </Typography>
      ) : (
        <QueryState
          isLoading={query.isLoading}
          error={query.error}
          data={d}
          errorText="The dispute could not be loaded."
          onRetry={() => void query.refetch()}
        >
          {(dispute) => (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
                alignItems: 'start',
              }}
            >
              <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
                <DisputeInformation dispute={dispute} />
                <Evidence key={`${dispute.id}-${dispute.status}`} dispute={dispute} />
              </Box>
              <DisputeTimeline dispute={dispute} />
            </Box>
          )}
        </QueryState>
      )}
    </>
  );
}
