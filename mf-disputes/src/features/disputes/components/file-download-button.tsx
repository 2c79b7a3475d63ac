import Button from '@mui/material/Button';
import DownloadIcon from '@mui/icons-material/Download';
import { reportFailure } from '../../../lib/report-failure';
import { useDownloadFileMutation } from '../api/disputes-api';

/** Saves an evidence file under its kept name: the staff download sends it as an attachment, never shown inline. */
export function FileDownloadButton({ id, label }: { id: string; label: string }) {
  const [download, { isLoading }] = useDownloadFileMutation();
  const save = async () => {
    const result = await download(id);
    if (result.error) return reportFailure(result.error, 'The file could not be downloaded');
    const link = document.createElement('a');
    link.href = result.data.url;
    link.download = result.data.name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(result.data.url), 0);
  };
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void save()} disabled={isLoading} aria-label={`Download ${label}`}>
      Download
    </Button>
  );
}
