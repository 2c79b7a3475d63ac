declare namespace NodeJS {
  interface ProcessEnv {
    /** Build identifier injected by webpack's DefinePlugin into each front-end container. */
    readonly PAYDESK_BUILD?: string;
  }
}
