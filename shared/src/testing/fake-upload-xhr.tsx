// .tsx only because the package serves `./testing/*` as .tsx files (package.json exports).
import { File as NodeFile } from 'node:buffer';

/**
 * XMLHttpRequest as `postForm` (api/post-form.ts) uses it, under the test's control: each `send` becomes an
 * upload that the test moves on with `progress`, `respond` or `fail`, or that answers at once
 * with the reply set by `fakeUploadXhr(reply)`.
 */
export class FakeUpload {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  form: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor(
    private readonly sent: FakeUpload[],
    private readonly reply: UploadReply | undefined,
  ) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.form = body;
    this.sent.push(this);
    const reply = this.reply;
    if (reply) setTimeout(() => this.respond(reply.status, reply.body), 0);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  get fileName(): string | undefined {
    const file = this.form?.get('file');
    return typeof file === 'object' && file !== null && 'name' in file ? String(file.name) : undefined;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    if (loaded >= total) this.upload.onload?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
  fail() {
    this.onerror?.();
  }
}

export interface UploadReply {
  status: number;
  body: unknown;
}

/** Puts the fake in place of XMLHttpRequest; `restore` puts the real one back. */
export function fakeUploadXhr(reply?: UploadReply) {
  const sent: FakeUpload[] = [];
  const real = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = function FakeXMLHttpRequest() {
    return new FakeUpload(sent, reply);
  } as unknown as typeof XMLHttpRequest;
  return { sent, restore: () => (globalThis.XMLHttpRequest = real) };
}

/**
 * A file the test environment's FormData accepts: jest's jsdom environment puts Node's fetch
 * family (FormData included) on the page, and Node's FormData refuses jsdom's File.
 */
export const fileNamed = (name: string, content = 'x'): File => new NodeFile([content], name) as unknown as File;
