/** A page a remote exposes, as the shell routes to it. */
export interface RemoteModule {
  /** `container/ExposedModule`, e.g. `mf_cards/CardsPage`. */
  id: string;
  /** Human name of the area, shown in its fallback. */
  area: string;
}
