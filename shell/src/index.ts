// The async boundary: shared singletons are negotiated before any app code (or zod) runs.
void import('./bootstrap');
