/** How long the old secret keeps signing after a roll (DEV-05): `grace_hours` of the roll call. */
export const graceOptions = [
  { value: '0', label: 'Now', hours: 0 },
  { value: '1', label: '1 hour', hours: 1 },
  { value: '24', label: '24 hours', hours: 24 },
  { value: '72', label: '3 days', hours: 72 },
  { value: '168', label: '7 days', hours: 168 },
] as const;
export type GraceValue = (typeof graceOptions)[number]['value'];

export const parseGrace = (value: string): GraceValue => graceOptions.find((o) => o.value === value)?.value ?? '24';
export const graceHours = (value: GraceValue): number => graceOptions.find((o) => o.value === value)?.hours ?? 24;
