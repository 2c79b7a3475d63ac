import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@paydesk/shared/format';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import { QueryState } from '@paydesk/shared/ui/query-state';
import { InfoCard } from '@paydesk/shared/ui/info-card';
import { useGetDisputeTimelineQuery } from '../api/disputes-api';
import { timelineEvents } from '../model/timeline';

/** What happened to the dispute, oldest first, each with its time; the due date last while it waits. */
export function DisputeTimeline({ dispute }: { dispute: DisputeObject }) {
  const query = useGetDisputeTimelineQuery(dispute.id);
  return (
    <InfoCard title="Timeline">
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        data={query.data}
        errorText="The timeline could not be loaded."
        onRetry={() => void query.refetch()}
      >
        {(entries) => (
          <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="timeline">
            {timelineEvents(dispute, entries).map((event, index) => (
              <Box
                component="li"
                key={`${event.at}-${index}`}
                sx={{ py: 0.75, pl: 2, borderLeft: 2, borderColor: event.upcoming ? 'divider' : 'primary.main' }}
              >
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 500 }}
                  color={event.upcoming ? 'text.secondary' : 'text.primary'}
                  data-testid="timeline-label"
                >
                  {event.label}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(event.at)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </QueryState>
    </InfoCard>
  );
}
