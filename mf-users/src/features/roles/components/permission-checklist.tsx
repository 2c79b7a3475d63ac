import { useId } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import type { Permission } from '@paydesk/shared/roles';
import type { PermissionInfo } from '@paydesk/shared/schemas/roles';
import { groupsOf, lockedBy, toggle } from '../model/permission-selection';

interface PermissionChecklistProps {
  catalogue: readonly PermissionInfo[];
  implied: Map<Permission, ReadonlySet<Permission>>;
  checked: ReadonlySet<Permission>;
  /** What the signed-in user holds: no one gives a role more than they have (the server refuses it too). */
  held: ReadonlySet<Permission>;
  onChange: (checked: Set<Permission>) => void;
  disabled?: boolean;
}

/**
 * The catalogue's permissions as check boxes, by group, each with its label and description.
 * Checking one checks what it implies and holds those in place; a permission the signed-in user
 * does not hold cannot be given.
 */
export function PermissionChecklist({ catalogue, implied, checked, held, onChange, disabled = false }: PermissionChecklistProps) {
  const id = useId();
  const labelOf = new Map(catalogue.map((entry) => [entry.key, entry.label]));
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {groupsOf(catalogue).map(({ group, entries }) => (
        <Box key={group} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
            {group}
          </Typography>
          {entries.map((entry) => {
            const holder = lockedBy(entry.key, checked, implied);
            const hint = !held.has(entry.key)
              ? 'You do not hold this permission, so you cannot give it.'
              : holder
                ? `Included with ${labelOf.get(holder) ?? holder}.`
                : undefined;
            const hintId = `${id}-${entry.key}-hint`;
            const descriptionId = `${id}-${entry.key}-description`;
            return (
              <Box key={entry.key} sx={{ mb: 1 }}>
                <FormControlLabel
                  sx={{ mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      name={entry.key}
                      checked={checked.has(entry.key)}
                      disabled={disabled || !held.has(entry.key) || holder !== undefined}
                      onChange={() => onChange(toggle(entry.key, checked, implied))}
                      slotProps={{ input: { 'aria-describedby': hint ? `${descriptionId} ${hintId}` : descriptionId } }}
                    />
                  }
                  label={<Typography variant="body2">{entry.label}</Typography>}
                />
                <Typography id={descriptionId} variant="caption" color="text.secondary" component="p" sx={{ ml: 4, mt: -0.5 }}>
                  {entry.description}
                </Typography>
                {hint ? (
                  <FormHelperText id={hintId} sx={{ ml: 4, mt: 0 }}>
                    {hint}
                  </FormHelperText>
                ) : null}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
