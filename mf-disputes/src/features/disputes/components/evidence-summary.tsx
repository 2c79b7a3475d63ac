import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { disputeEvidenceFileFields, type DisputeEvidence, type DisputeEvidenceField } from '@paydesk/shared/schemas/merchant-objects';
import { evidenceLabels, fieldOrder } from '../model/evidence-fields';

const isFile = (field: DisputeEvidenceField) => (disputeEvidenceFileFields as readonly string[]).includes(field);
import { FileDownloadButton } from './file-download-button';

/** The evidence as given, to read: each text in full, each file with its download. */
export function EvidenceSummary({ evidence }: { evidence: DisputeEvidence }) {
  const texts = fieldOrder.filter((field) => evidence[field] && !isFile(field));
  const files = fieldOrder.filter((field) => evidence[field] && isFile(field));
  if (texts.length === 0 && files.length === 0) {
    return <Typography color="text.secondary">No evidence given</Typography>;
  }
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }} data-testid="evidence-summary">
      {texts.map((field) => (
        <Box key={field}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {evidenceLabels[field]}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {evidence[field]}
          </Typography>
        </Box>
      ))}
      {files.map((field) => (
        <Box key={field}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {evidenceLabels[field]}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {evidence[field]}
            </Typography>
            <FileDownloadButton id={evidence[field]!} label={evidenceLabels[field]} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
