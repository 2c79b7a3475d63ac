/** Page sizes of the Developers lists (`limit`): endpoints' deliveries, events and the request log. */
export const listSizes = [10, 25, 50, 100] as const;
export type ListSize = (typeof listSizes)[number];
