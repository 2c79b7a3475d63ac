/** A JSON answer of the fake API behind the spy on `fetch`. */
export const answer = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
